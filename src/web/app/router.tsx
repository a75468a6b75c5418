import { lazy, type ReactElement } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { ROUTES } from '@shared/routes';
import { MESSAGES } from '@shared/messages';
import { NotFoundPage } from '../features/not-found/pages/not-found-page';
import { Layout } from './layout';
import { PageTitle } from './page-title';
import { RedirectIfSignedIn, RequireAuth, RequireRole } from './route-guards';

// The home and branch pages are small, but kept out of the entry so that every other first visit
// (a shared link to /login or /filter-resources) does not pay for them.
const HomePage = lazy(() => import('../features/home/pages/home-page').then((m) => ({ default: m.HomePage })));
const BranchListPage = lazy(() =>
  import('../features/branches/pages/branch-list-page').then((m) => ({ default: m.BranchListPage })),
);
// Long-form pages are rarely opened, so phones on slow Wi-Fi do not pay for them up front.
const AboutPage = lazy(() => import('../features/info/pages/about-page').then((m) => ({ default: m.AboutPage })));
const PrivacyPage = lazy(() => import('../features/info/pages/privacy-page').then((m) => ({ default: m.PrivacyPage })));
const TermsPage = lazy(() => import('../features/info/pages/terms-page').then((m) => ({ default: m.TermsPage })));
// Account screens carry the form library; most visits (browsing) never need it.
const LoginPage = lazy(() => import('../features/auth/pages/login-page').then((m) => ({ default: m.LoginPage })));
const SignUpPage = lazy(() => import('../features/auth/pages/sign-up-page').then((m) => ({ default: m.SignUpPage })));
const ForgotPasswordPage = lazy(() =>
  import('../features/auth/pages/forgot-password-page').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('../features/auth/pages/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
);
const VerifyEmailPage = lazy(() =>
  import('../features/auth/pages/verify-email-page').then((m) => ({ default: m.VerifyEmailPage })),
);

// The library screens: signed-in users only, so visitors never load them.
const FilterResourcesPage = lazy(() =>
  import('../features/resources/pages/filter-resources-page').then((m) => ({ default: m.FilterResourcesPage })),
);
const UploadResourcesPage = lazy(() =>
  import('../features/resources/pages/upload-resources-page').then((m) => ({ default: m.UploadResourcesPage })),
);

// Requests and reports: signed-in users; the queue is for CRs and admins.
const RequestResourcesPage = lazy(() =>
  import('../features/requests/pages/request-resources-page').then((m) => ({ default: m.RequestResourcesPage })),
);
const MyRequestsPage = lazy(() => import('../features/requests/pages/my-requests-page').then((m) => ({ default: m.MyRequestsPage })));
const RequestQueuePage = lazy(() =>
  import('../features/requests/pages/request-queue-page').then((m) => ({ default: m.RequestQueuePage })),
);
const ReportIssuePage = lazy(() => import('../features/reports/pages/report-issue-page').then((m) => ({ default: m.ReportIssuePage })));
const AccountPage = lazy(() => import('../features/account/pages/account-page').then((m) => ({ default: m.AccountPage })));
const ReportInboxPage = lazy(() => import('../features/reports/pages/report-inbox-page').then((m) => ({ default: m.ReportInboxPage })));

// My shelf: signed-in users.
const MyShelfPage = lazy(() => import('../features/shelf/pages/my-shelf-page').then((m) => ({ default: m.MyShelfPage })));

// Administrators only.
const DashboardPage = lazy(() => import('../features/admin/pages/dashboard-page').then((m) => ({ default: m.DashboardPage })));
const AuditLogPage = lazy(() => import('../features/admin/pages/audit-log-page').then((m) => ({ default: m.AuditLogPage })));
const ProcessingJobsPage = lazy(() =>
  import('../features/admin/pages/processing-jobs-page').then((m) => ({ default: m.ProcessingJobsPage })),
);
const SearchAliasesPage = lazy(() =>
  import('../features/admin/pages/search-aliases-page').then((m) => ({ default: m.SearchAliasesPage })),
);

type PageRoute = readonly [path: string, title: string | undefined, element: ReactElement];

/** Everyone. (Title: the tab title before " · {productName}"; undefined for the home page.) */
const PUBLIC_ROUTES: readonly PageRoute[] = [
  [ROUTES.home, undefined, <HomePage />],
  [ROUTES.branches, 'Engineering Branches', <BranchListPage />],
  [ROUTES.about, 'About', <AboutPage />],
  [ROUTES.privacyPolicy, 'Privacy Policy', <PrivacyPage />],
  [ROUTES.privacy, 'Privacy Policy', <PrivacyPage />],
  [ROUTES.terms, 'Terms of Use', <TermsPage />],
  [ROUTES.forgotPassword, 'Forgot Password', <ForgotPasswordPage />],
  [ROUTES.resetPassword, 'Reset Password', <ResetPasswordPage />],
  [ROUTES.verifyEmail, 'Verify E-mail', <VerifyEmailPage />],
];

/** Only without a session: a signed-in user is sent on. */
const GUEST_ROUTES: readonly PageRoute[] = [
  [ROUTES.login, 'Login', <LoginPage />],
  [ROUTES.signup, 'Sign Up', <SignUpPage />],
];

/** Login required (SPEC.md §2). */
const SIGNED_IN_ROUTES: readonly PageRoute[] = [
  [ROUTES.filterResources, 'Filter Resources', <FilterResourcesPage />],
  [ROUTES.requestResources, 'Request Resources', <RequestResourcesPage />],
  [ROUTES.myRequests, 'My Requests', <MyRequestsPage />],
  [ROUTES.reportIssue, 'Report Issue', <ReportIssuePage />],
  [ROUTES.account, 'Account Settings', <AccountPage />],
  [ROUTES.myShelf, 'My shelf', <MyShelfPage />],
];

function pageRoutes(routes: readonly PageRoute[]) {
  return routes.map(([path, title, element]) => (
    <Route key={path} path={path} element={<PageTitle title={title}>{element}</PageTitle>} />
  ));
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<Layout />}>
          {pageRoutes(PUBLIC_ROUTES)}
          <Route element={<RedirectIfSignedIn />}>{pageRoutes(GUEST_ROUTES)}</Route>
          <Route element={<RequireAuth />}>
            {pageRoutes(SIGNED_IN_ROUTES)}
            <Route element={<RequireRole permission="uploadResources" />}>
              {pageRoutes([[ROUTES.uploadResources, 'Upload Resources', <UploadResourcesPage />]])}
            </Route>
            <Route element={<RequireRole permission="handleRequests" />}>
              {pageRoutes([[ROUTES.requestQueue, 'Request Queue', <RequestQueuePage />]])}
            </Route>
            <Route element={<RequireRole permission="manageReports" />}>
              {pageRoutes([[ROUTES.reportInbox, 'Reported Issues', <ReportInboxPage />]])}
            </Route>
            <Route element={<RequireRole permission="manageUsers" />}>
              {pageRoutes([
                [ROUTES.dashboard, 'Dashboard', <DashboardPage />],
                [ROUTES.auditLog, 'Audit Log', <AuditLogPage />],
              ])}
            </Route>
            <Route element={<RequireRole permission="manageProcessing" />}>
              {pageRoutes([[ROUTES.processingJobs, 'Processing', <ProcessingJobsPage />]])}
            </Route>
            <Route element={<RequireRole permission="manageSearchAliases" />}>
              {pageRoutes([[ROUTES.searchAliases, 'Search abbreviations', <SearchAliasesPage />]])}
            </Route>
          </Route>
          {pageRoutes([['*', MESSAGES.notFoundHeading, <NotFoundPage />]])}
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
