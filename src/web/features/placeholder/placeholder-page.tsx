import { ROUTES } from '@shared/routes';
import { Container } from '../../components/ui/container';
import { LinkButton } from '../../components/ui/link-button';
import { publicConfig } from '../../lib/public-config';

/** Stands in for screens that arrive in later issues, so their links never lead nowhere. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <Container width="prose" className="py-20 text-center sm:py-28">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      <p className="mt-4 text-lg text-slate-600">{`This part of ${publicConfig.productName} is being built and will open soon.`}</p>
      <LinkButton to={ROUTES.branches} size="lg" className="mt-8">
        Browse branches
      </LinkButton>
    </Container>
  );
}
