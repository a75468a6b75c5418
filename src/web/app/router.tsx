import type { ComponentType } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { ROUTES, type AppRoute } from '@shared/routes';
import { MESSAGES } from '@shared/messages';
import type { Permission } from '@shared/permissions';
import { lazyPage, type LazyPage } from './lazy-page';
import { Layout } from './layout';
import { PageTitle } from './page-title';
import { RedirectIfSignedIn, RequireAuth, RequireFinishedSetUp, RequireRole } from './route-guards';

// The home and branch pages are small, but kept out of the entry so that every other first visit
// (a shared link to /login or /filter-resources) does not pay for them.
const HomePage = lazyPage(() => import('../features/home/pages/home-page'), (m) => m.HomePage);
const BranchListPage = lazyPage(
  () => import('../features/branches/pages/branch-list-page'),
  (m) => m.BranchListPage,
);
// Long-form pages are rarely opened, so phones on slow Wi-Fi do not pay for them up front.
const AboutPage = lazyPage(() => import('../features/info/pages/about-page'), (m) => m.AboutPage);
const PrivacyPage = lazyPage(() => import('../features/info/pages/privacy-page'), (m) => m.PrivacyPage);
const TermsPage = lazyPage(() => import('../features/info/pages/terms-page'), (m) => m.TermsPage);
// Account screens carry the form library; most visits (browsing) never need it.
const LoginPage = lazyPage(() => import('../features/auth/pages/login-page'), (m) => m.LoginPage);
const SignUpPage = lazyPage(() => import('../features/auth/pages/sign-up-page'), (m) => m.SignUpPage);
const ForgotPasswordPage = lazyPage(
  () => import('../features/auth/pages/forgot-password-page'),
  (m) => m.ForgotPasswordPage,
);
const ResetPasswordPage = lazyPage(
  () => import('../features/auth/pages/reset-password-page'),
  (m) => m.ResetPasswordPage,
);
const VerifyEmailPage = lazyPage(
  () => import('../features/auth/pages/verify-email-page'),
  (m) => m.VerifyEmailPage,
);
const FinishProfilePage = lazyPage(
  () => import('../features/auth/pages/finish-profile-page'),
  (m) => m.FinishProfilePage,
);

// The library screens: signed-in users only, so visitors never load them.
const FilterResourcesPage = lazyPage(
  () => import('../features/resources/pages/filter-resources-page'),
  (m) => m.FilterResourcesPage,
);
const SubjectPage = lazyPage(() => import('../features/resources/pages/subject-page'), (m) => m.SubjectPage);
const UploadResourcesPage = lazyPage(
  () => import('../features/resources/pages/upload-resources-page'),
  (m) => m.UploadResourcesPage,
);

// Requests and reports: signed-in users; the queue is for CRs and admins.
const RequestResourcesPage = lazyPage(
  () => import('../features/requests/pages/request-resources-page'),
  (m) => m.RequestResourcesPage,
);
const MyRequestsPage = lazyPage(() => import('../features/requests/pages/my-requests-page'), (m) => m.MyRequestsPage);
const RequestQueuePage = lazyPage(
  () => import('../features/requests/pages/request-queue-page'),
  (m) => m.RequestQueuePage,
);
const ReportIssuePage = lazyPage(() => import('../features/reports/pages/report-issue-page'), (m) => m.ReportIssuePage);
const AccountPage = lazyPage(() => import('../features/account/pages/account-page'), (m) => m.AccountPage);
const ReportInboxPage = lazyPage(() => import('../features/reports/pages/report-inbox-page'), (m) => m.ReportInboxPage);

// Anything else; its search box keeps it out of every route's first load.
const NotFoundPage = lazyPage(() => import('../features/not-found/pages/not-found-page'), (m) => m.NotFoundPage);

// Signed-in users who may not upload, on the upload page: who can, and Request instead.
const UploadNotAllowedPage = lazyPage(
  () => import('../features/requests/pages/upload-not-allowed-page'),
  (m) => m.UploadNotAllowedPage,
);

// My shelf: signed-in users.
const MyShelfPage = lazyPage(() => import('../features/shelf/pages/my-shelf-page'), (m) => m.MyShelfPage);

// Administrators only.
const DashboardPage = lazyPage(() => import('../features/admin/pages/dashboard-page'), (m) => m.DashboardPage);
const AuditLogPage = lazyPage(() => import('../features/admin/pages/audit-log-page'), (m) => m.AuditLogPage);
const ProcessingJobsPage = lazyPage(
  () => import('../features/admin/pages/processing-jobs-page'),
  (m) => m.ProcessingJobsPage,
);
const SearchAliasesPage = lazyPage(
  () => import('../features/admin/pages/search-aliases-page'),
  (m) => m.SearchAliasesPage,
);

type PageRoute = readonly [path: string, title: string | undefined, Page: LazyPage | ComponentType];

/** Everyone. (Title: the tab title before " · {productName}"; undefined for the home page.) */
const PUBLIC_ROUTES: readonly PageRoute[] = [
  [ROUTES.home, undefined, HomePage],
  [ROUTES.branches, 'Engineering Branches', BranchListPage],
  [ROUTES.about, 'About', AboutPage],
  [ROUTES.privacyPolicy, 'Privacy Policy', PrivacyPage],
  [ROUTES.privacy, 'Privacy Policy', PrivacyPage],
  [ROUTES.terms, 'Terms of Use', TermsPage],
  [ROUTES.forgotPassword, 'Forgot Password', ForgotPasswordPage],
  [ROUTES.resetPassword, 'Reset Password', ResetPasswordPage],
  [ROUTES.verifyEmail, 'Verify E-mail', VerifyEmailPage],
];

/** Only without a session: a signed-in user is sent on. */
const GUEST_ROUTES: readonly PageRoute[] = [
  [ROUTES.login, 'Login', LoginPage],
  [ROUTES.signup, 'Sign Up', SignUpPage],
];

/** Login required (SPEC.md §2). */
const SIGNED_IN_ROUTES: readonly PageRoute[] = [
  [ROUTES.filterResources, 'Filter Resources', FilterResourcesPage],
  [ROUTES.requestResources, 'Request Resources', RequestResourcesPage],
  [ROUTES.myRequests, 'My Requests', MyRequestsPage],
  [ROUTES.reportIssue, 'Report Issue', ReportIssuePage],
  [ROUTES.account, 'Account Settings', AccountPage],
  [ROUTES.myShelf, 'My shelf', MyShelfPage],
  [ROUTES.subject, 'Subject', SubjectPage],
];

/** A provider sign-in's new account, before anything else (decision 052). */
const FINISH_PROFILE_ROUTES: readonly PageRoute[] = [[ROUTES.finishProfile, 'Finish your profile', FinishProfilePage]];

/** Login and a permission required; others are sent to the branch list. */
const ROLE_ROUTES: readonly (readonly [Permission, readonly PageRoute[]])[] = [
  ['uploadResources', [[ROUTES.uploadResources, 'Upload Resources', UploadResourcesPage]]],
  ['handleRequests', [[ROUTES.requestQueue, 'Request Queue', RequestQueuePage]]],
  ['manageReports', [[ROUTES.reportInbox, 'Reported Issues', ReportInboxPage]]],
  [
    'manageUsers',
    [
      [ROUTES.dashboard, 'Dashboard', DashboardPage],
      [ROUTES.auditLog, 'Audit Log', AuditLogPage],
    ],
  ],
  ['manageProcessing', [[ROUTES.processingJobs, 'Processing', ProcessingJobsPage]]],
  ['manageSearchAliases', [[ROUTES.searchAliases, 'Search abbreviations', SearchAliasesPage]]],
];

const PAGE_BY_PATH = new Map<string, LazyPage | ComponentType>(
  [...PUBLIC_ROUTES, ...GUEST_ROUTES, ...SIGNED_IN_ROUTES, ...FINISH_PROFILE_ROUTES, ...ROLE_ROUTES.flatMap(([, routes]) => routes)].map(([path, , Page]) => [path, Page]),
);

/**
 * Starts downloading the page of this route (see lazy-page.ts). For a page the user may not
 * open (a guest route, a role they lack) the guard sends them elsewhere, and the download is
 * only wasted, never shown.
 */
export function preloadPage(route: AppRoute): void {
  const Page = PAGE_BY_PATH.get(route);
  if (Page && 'preload' in Page) void Page.preload().catch(() => undefined);
}

/** What a user without the permission sees instead of being sent to the branch list. */
function deniedPage(permission: Permission) {
  if (permission !== 'uploadResources') return undefined;
  return (
    <PageTitle title="Upload Resources">
      <UploadNotAllowedPage />
    </PageTitle>
  );
}

function pageRoutes(routes: readonly PageRoute[]) {
  return routes.map(([path, title, Page]) => (
    <Route
      key={path}
      path={path}
      element={
        <PageTitle title={title}>
          <Page />
        </PageTitle>
      }
    />
  ));
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<Layout />}>
          <Route element={<RequireFinishedSetUp />}>
            {pageRoutes(PUBLIC_ROUTES)}
            <Route element={<RedirectIfSignedIn />}>{pageRoutes(GUEST_ROUTES)}</Route>
            <Route element={<RequireAuth />}>
              {pageRoutes(SIGNED_IN_ROUTES)}
              {ROLE_ROUTES.map(([permission, routes]) => (
                <Route key={permission} element={<RequireRole permission={permission} denied={deniedPage(permission)} />}>
                  {pageRoutes(routes)}
                </Route>
              ))}
            </Route>
            {pageRoutes([['*', MESSAGES.notFoundHeading, NotFoundPage]])}
          </Route>
          <Route element={<RequireAuth />}>{pageRoutes(FINISH_PROFILE_ROUTES)}</Route>
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
