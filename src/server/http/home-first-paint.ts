import type { FastifyInstance } from 'fastify';
import { meResponseSchema } from '../../shared/account.js';
import { branchListResponseSchema } from '../../shared/api/catalogue.schema.js';
import { classHomeHead, classOf, type ClassHomeHead } from '../../shared/class-home-head.js';

/** What the signed-in home paints before its scripts run, for one session. */
export interface HomeFirstPaint {
  head: ClassHomeHead;
  /** The branch the heading names, so the page renders the same name before it has the branch list. */
  branch?: { id: string; name: string };
  /** Cookies the session check handed back (a renewed expiry): they go out with the page. */
  setCookies: string[];
}

export type HomeFirstPaintReader = (cookie: string) => Promise<HomeFirstPaint | null>;

/**
 * The signed-in home's header for the session behind a Cookie header, or null when it holds no
 * valid session (or anything fails: the page is then painted as for anyone). It asks the app's
 * own API in-process: GET /api/auth/me loads the session exactly as the page's start-up check
 * does (validity, expiry, renewal; no second way into the session store), and GET
 * /api/catalogue/branches (kept in memory by the catalogue) names the branch.
 */
export function homeFirstPaintReader(app: FastifyInstance): HomeFirstPaintReader {
  const get = async (url: string, cookie?: string) => {
    const res = await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    return { res, body: res.statusCode === 200 ? (res.json() as unknown) : undefined };
  };
  return async (cookie) => {
    try {
      const me = await get('/api/auth/me', cookie);
      const setCookie = me.res.headers['set-cookie'];
      const setCookies = setCookie === undefined ? [] : ([] as string[]).concat(setCookie);
      const user = meResponseSchema.safeParse(me.body).data?.user;
      if (!user) return null;
      const klass = classOf(user);
      if (!klass) return { head: classHomeHead(user, undefined), setCookies };
      const list = branchListResponseSchema.safeParse((await get('/api/catalogue/branches')).body).data;
      const name = list?.branches.find((b) => b.id === klass.branch)?.name;
      return { head: classHomeHead(user, name), branch: name === undefined ? undefined : { id: klass.branch, name }, setCookies };
    } catch (error) {
      app.log.warn({ err: error }, 'the signed-in home could not be painted on the server');
      return null;
    }
  };
}
