import type { FastifyBaseLogger } from 'fastify';
import type { SessionUser } from '../../shared/account.js';
import { classHomeHead, classOf, type ClassHomeHead } from '../../shared/class-home-head.js';

/** What the signed-in home paints before its scripts run, for one session. */
export interface HomeFirstPaint {
  head: ClassHomeHead;
  /** The branch the heading names, so the page renders the same name before it has the branch list. */
  branch?: { id: string; name: string };
  /** Cookies the session check handed back (a renewed expiry): they go out with the page. */
  setCookies: string[];
}

export type HomeFirstPaintReader = (headers: Headers) => Promise<HomeFirstPaint | null>;

/** What the reader needs of the app: the same session lookup as every /api request, and the branch names. */
export interface HomeFirstPaintSources {
  loadSession: (headers: Headers) => Promise<{ user: SessionUser | null; setCookies: string[] }>;
  branchName: (id: string) => Promise<string | undefined>;
  log: FastifyBaseLogger;
}

/**
 * The signed-in home's header for the session behind a request's cookies, or null when it holds no
 * valid session (or anything fails: the page is then painted as for anyone). The session is
 * loaded exactly as for an API request (validity, expiry, renewal), so there is no second way
 * into the session store.
 */
export function homeFirstPaintReader({ loadSession, branchName, log }: HomeFirstPaintSources): HomeFirstPaintReader {
  return async (headers) => {
    try {
      const { user, setCookies } = await loadSession(headers);
      if (!user) return null;
      const klass = classOf(user);
      if (!klass) return { head: classHomeHead(user, undefined), setCookies };
      const name = await branchName(klass.branch);
      return { head: classHomeHead(user, name), branch: name === undefined ? undefined : { id: klass.branch, name }, setCookies };
    } catch (error) {
      log.warn({ err: error }, 'the signed-in home could not be painted on the server');
      return null;
    }
  };
}
