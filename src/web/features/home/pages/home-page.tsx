import { ROUTES } from '@shared/routes';
import { Container } from '../../../components/ui/container';
import { LinkButton } from '../../../components/ui/link-button';
import { publicConfig } from '../../../lib/public-config';
import { useSession } from '../../../lib/session';
import { ClassHome } from '../components/class-home';
import { FeatureHighlights } from '../components/feature-highlights';

/** Signed in: the student's own class first. Visitors: what the library is, and a way in. */
export function HomePage() {
  const { user } = useSession();
  if (user) return <ClassHome user={user} />;
  return <VisitorHome />;
}

function VisitorHome() {
  const { productName, productTagline, institutionName } = publicConfig;
  return (
    <>
      <section className="surface-dark bg-linear-to-b from-brand-900 to-brand-800 text-white">
        <Container className="py-16 text-center sm:py-24">
          <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            {`Welcome to ${productName}`}
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-xl font-medium text-balance text-accent-400 sm:text-2xl">
            {productTagline}
          </p>
          <p className="mx-auto mt-6 max-w-2xl text-base leading-7 text-brand-100 sm:text-lg">
            {`Find notes, previous-year question papers and practical files for B.Tech at ${institutionName}, sorted by branch and semester and shared by the students who sat the same exams.`}
          </p>
          <div className="mx-auto mt-10 flex max-w-xs flex-col gap-3 sm:max-w-none sm:flex-row sm:justify-center">
            <LinkButton to={ROUTES.branches} variant="accent" size="lg">
              Explore Resources
            </LinkButton>
            <LinkButton to={ROUTES.about} variant="outline-light" size="lg">
              Learn More
            </LinkButton>
            <LinkButton to={ROUTES.signup} variant="light" size="lg">
              Sign Up Now
            </LinkButton>
          </div>
        </Container>
      </section>
      <FeatureHighlights />
    </>
  );
}
