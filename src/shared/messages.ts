/** User-facing texts fixed by SPEC.md; kept in one place so screens and tests agree. */
export const MESSAGES = {
  notFoundHeading: 'Page Not Found',
  notFoundText: "The page you are looking for doesn't exist or has been moved.",
  backToHome: 'Back to Home',
  loading: 'Loading...',
  apiNotFound: 'No API route matches this address.',
  fileNotFound: 'No file at this address.',
  internalError: 'Something went wrong. Please try again.',
} as const;
