/** First-load JavaScript per route, gzip bytes (NaN: the route's page chunk is missing); null without a build. */
export function firstLoadByRoute(webDir?: string): Array<{ route: string; bytes: number }> | null;
