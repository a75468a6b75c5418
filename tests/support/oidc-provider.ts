import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** A person the test provider knows: the claims it asserts for them. */
export interface OidcTestUser {
  email: string;
  /** Left out like Microsoft Entra ID does when undefined. */
  email_verified?: boolean;
  name: string;
  /** Entra's "email domain owner verified" optional claim. */
  xms_edov?: boolean;
  /** Google Workspace's hosted-domain claim; left out when undefined. */
  hd?: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who the provider's login screen signs in next (the account id, a key of `users`). */
  signInAs(accountId: string): void;
  users: Record<string, OidcTestUser>;
  /** How many times its discovery document was read. */
  readonly discoveryReads: number;
  close(): Promise<void>;
}

/**
 * A real, certified OpenID provider (oidc-provider) on a free loopback port, for the
 * authorization-code flow end to end. Its login screen is replaced by one that signs in the
 * account `signInAs` chose and grants `openid email profile` at once (no consent page).
 */
export async function startOidcProvider(options: { redirectUris: string[]; users: Record<string, OidcTestUser> }): Promise<TestOidcProvider> {
  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'studyshelf-test';
  const clientSecret = 'studyshelf-test-secret-0123456789abcdef';
  let next: string | undefined;
  let discoveryReads = 0;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        // Where its end_session_endpoint may send the browser back (RP-initiated logout).
        post_logout_redirect_uris: options.redirectUris.map((uri) => `${new URL(uri).origin}/login`),
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'hd', 'xms_edov'] },
    cookies: { keys: ['oidc-test-cookie-key'] },
    // Short lives of its own, which also keeps its "default ttl" notices out of the test output.
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    features: {
      devInteractions: { enabled: false },
      // Its sign-out question as a bare page: the default one loads resources from the internet.
      rpInitiatedLogout: {
        enabled: true,
        logoutSource(ctx, form) {
          ctx.body = `<!doctype html><html lang="en"><head><title>Sign out</title><link rel="icon" href="data:,"></head><body>${form}<button type="submit" form="op.logoutForm" value="yes" name="logout">Yes, sign me out</button></body></html>`;
        },
      },
    },
    async findAccount(_ctx, accountId) {
      const user = options.users[accountId];
      if (!user) return undefined;
      return { accountId, claims: async () => ({ sub: accountId, ...user }) };
    },
    async loadExistingGrant(ctx) {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  const callback = provider.callback();
  handle = (req, res) => {
    if (req.url === '/.well-known/openid-configuration') discoveryReads++;
    if (!req.url?.startsWith('/interaction/')) return callback(req, res);
    if (!next) {
      res.statusCode = 500;
      return res.end('signInAs was not called');
    }
    provider.interactionFinished(req, res, { login: { accountId: next } }, { mergeWithLastSubmission: false }).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  };

  return {
    issuer,
    clientId,
    clientSecret,
    users: options.users,
    get discoveryReads() {
      return discoveryReads;
    },
    signInAs(accountId) {
      next = accountId;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The OIDC_* variables that point a StudyShelf server at this provider as `id`. */
export function oidcEnv(provider: TestOidcProvider, id = 'uni', label = 'University account'): Record<string, string> {
  const prefix = `OIDC_${id.toUpperCase()}_`;
  return {
    OIDC_PROVIDERS: id,
    [`${prefix}ISSUER`]: provider.issuer,
    [`${prefix}CLIENT_ID`]: provider.clientId,
    [`${prefix}CLIENT_SECRET`]: provider.clientSecret,
    [`${prefix}LABEL`]: label,
  };
}
