import { lazy, type ReactElement } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { ROUTES } from '@shared/routes';
import { MESSAGES } from '@shared/messages';
import { BranchListPage } from '../features/branches/pages/branch-list-page';
import { HomePage } from '../features/home/pages/home-page';
import { NotFoundPage } from '../features/not-found/pages/not-found-page';
import { PlaceholderPage } from '../features/placeholder/placeholder-page';
import { Layout } from './layout';
import { PageTitle } from './page-title';

// Long-form pages are rarely opened, so phones on slow Wi-Fi do not pay for them up front.
const AboutPage = lazy(() => import('../features/info/pages/about-page').then((m) => ({ default: m.AboutPage })));
const PrivacyPage = lazy(() => import('../features/info/pages/privacy-page').then((m) => ({ default: m.PrivacyPage })));
const TermsPage = lazy(() => import('../features/info/pages/terms-page').then((m) => ({ default: m.TermsPage })));

interface PageRoute {
  path: string;
  /** Tab title before " · {productName}"; undefined for the home page. */
  title?: string;
  element: ReactElement;
}

/** Screens that later issues replace with the real feature. */
const PLACEHOLDERS: ReadonlyArray<[path: string, title: string]> = [
  [ROUTES.login, 'Login'],
  [ROUTES.signup, 'Sign Up'],
  [ROUTES.forgotPassword, 'Forgot Password'],
  [ROUTES.resetPassword, 'Reset Password'],
  [ROUTES.filterResources, 'Filter Resources'],
  [ROUTES.requestResources, 'Request Resources'],
  [ROUTES.myRequests, 'My Requests'],
  [ROUTES.reportIssue, 'Report Issue'],
  [ROUTES.uploadResources, 'Upload Resources'],
  [ROUTES.dashboard, 'Dashboard'],
];

const PAGE_ROUTES: readonly PageRoute[] = [
  { path: ROUTES.home, element: <HomePage /> },
  { path: ROUTES.branches, title: 'Engineering Branches', element: <BranchListPage /> },
  { path: ROUTES.about, title: 'About', element: <AboutPage /> },
  { path: ROUTES.privacyPolicy, title: 'Privacy Policy', element: <PrivacyPage /> },
  { path: ROUTES.privacy, title: 'Privacy Policy', element: <PrivacyPage /> },
  { path: ROUTES.terms, title: 'Terms of Use', element: <TermsPage /> },
  ...PLACEHOLDERS.map(([path, title]) => ({ path, title, element: <PlaceholderPage title={title} /> })),
  { path: '*', title: MESSAGES.notFoundHeading, element: <NotFoundPage /> },
];

export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<Layout />}>
          {PAGE_ROUTES.map(({ path, title, element }) => (
            <Route key={path} path={path} element={<PageTitle title={title}>{element}</PageTitle>} />
          ))}
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
