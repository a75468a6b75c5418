/** The part of oidc-provider (no types of its own on npm) that tests/support/oidc-provider.ts uses. */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Grant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }
  interface OidcContext {
    oidc: {
      client?: { clientId: string };
      session?: { accountId?: string };
      provider: { Grant: new (init: { clientId: string; accountId: string }) => Grant };
    };
  }
  interface Configuration {
    clients: Array<Record<string, unknown>>;
    claims?: Record<string, string[]>;
    cookies?: { keys: string[] };
    ttl?: Record<string, number>;
    features?: Record<string, { enabled: boolean; logoutSource?: (ctx: { body: unknown }, form: string) => void | Promise<void> }>;
    findAccount(ctx: OidcContext, accountId: string): Promise<{ accountId: string; claims(): Promise<Record<string, unknown>> } | undefined>;
    loadExistingGrant?(ctx: OidcContext): Promise<Grant | undefined>;
  }
  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: { login: { accountId: string } },
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
  }
}
