import { Mail } from 'lucide-react';
import { Link } from 'react-router';
import { RESOURCE_TYPE_NAMES, RESOURCE_TYPES } from '@shared/catalogue';
import { ROUTES, filterResourcesOfTypeHref } from '@shared/routes';
import { Container } from '../components/ui/container';
import { publicConfig } from '../lib/public-config';
import { LogoMark } from './logo-mark';

interface FooterLink {
  to: string;
  label: string;
}

const QUICK_LINKS: readonly FooterLink[] = [
  { to: ROUTES.home, label: 'Home' },
  { to: ROUTES.branches, label: 'Branches' },
  { to: ROUTES.about, label: 'About' },
  { to: ROUTES.requestResources, label: 'Request Resources' },
  { to: ROUTES.reportIssue, label: 'Report an Issue' },
];

const RESOURCE_LINKS: readonly FooterLink[] = [
  ...RESOURCE_TYPES.map((type) => ({ to: filterResourcesOfTypeHref(type), label: RESOURCE_TYPE_NAMES[type] })),
  { to: ROUTES.branches, label: 'Browse by Branch' },
];

const LEGAL_LINKS: readonly FooterLink[] = [
  { to: ROUTES.privacyPolicy, label: 'Privacy Policy' },
  { to: ROUTES.terms, label: 'Terms of Use' },
];

const linkClass = 'rounded text-slate-200 underline-offset-4 hover:text-white hover:underline';

function LinkColumn({ title, links }: { title: string; links: readonly FooterLink[] }) {
  return (
    <div>
      <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{title}</h2>
      <ul className="mt-4 space-y-3 text-sm">
        {links.map((link) => (
          <li key={link.label}>
            <Link to={link.to} className={linkClass}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Footer() {
  const { productName, institutionName, institutionEmailDomain } = publicConfig;
  const supportEmail = `support@${institutionEmailDomain}`;
  // Computed at render time so the line never goes stale in a long-lived deployment.
  const year = new Date().getFullYear();

  return (
    <footer className="surface-dark mt-auto bg-slate-900 text-slate-300">
      <Container className="py-12">
        <div className="grid grid-cols-2 gap-x-6 gap-y-10 lg:grid-cols-[2fr_1fr_1fr_1fr]">
          <div className="col-span-2 space-y-4 lg:col-span-1 lg:pr-8">
            <Link to={ROUTES.home} className="inline-flex items-center gap-2 rounded text-lg font-bold text-white">
              <LogoMark className="size-8" />
              {productName}
            </Link>
            <p className="max-w-sm text-sm leading-6">
              {productName} is a student-run library of notes, previous-year question papers and practical files
              for B.Tech students of {institutionName}, shared by class representatives so that everyone studies
              from the same material.
            </p>
            <div className="pt-2">
              <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Get in Touch</h2>
              <p className="mt-3 text-sm">
                <a href={`mailto:${supportEmail}`} className={`inline-flex items-center gap-2 ${linkClass}`}>
                  <Mail aria-hidden="true" className="size-4" />
                  {supportEmail}
                </a>
              </p>
            </div>
          </div>
          <LinkColumn title="Quick Links" links={QUICK_LINKS} />
          <LinkColumn title="Resources" links={RESOURCE_LINKS} />
          <LinkColumn title="Legal" links={LEGAL_LINKS} />
        </div>
        <div className="mt-10 space-y-2 border-t border-slate-700 pt-6 text-sm">
          <p>
            {`This site is not officially associated with ${institutionName}. Materials are contributed by students for educational purposes only.`}
          </p>
          <p data-testid="copyright">{`© ${year} ${productName}. All rights reserved.`}</p>
        </div>
      </Container>
    </footer>
  );
}
