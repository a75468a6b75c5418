import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

/**
 * Request ids and what the JSON logs may show. Every line logged for a request carries its
 * `reqId` (Fastify's child logger); the id is taken from a sane `x-request-id` header (set by a
 * proxy in front) or made here, and sent back in the reply. Secrets never reach a log line:
 * credentials in headers and bodies are censored, and token-like query values in URLs too.
 */

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The id for a request: the caller's x-request-id when it is a plain token, else a new UUID. */
export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && REQUEST_ID.test(value) ? value : randomUUID();
}

/** Options for the Fastify constructor. */
export const requestIdOptions = {
  requestIdHeader: false as const,
  genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => requestIdFrom(req.headers['x-request-id']),
};

/** Echoes the request id so a user's report or a proxy log can be matched to the server's lines. */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
}

/**
 * Fastify logs two lines per request at info. Outside production a line per request comes at
 * debug instead: at `npm start` they scrolled the printed demo passwords off the screen.
 */
export function requestLogOptions(config: Pick<Config, 'production'>) {
  return { disableRequestLogging: !config.production };
}

export function registerDevelopmentRequestLog(app: FastifyInstance, config: Pick<Config, 'production'>): void {
  if (config.production) return;
  app.addHook('onResponse', (request, reply, done) => {
    request.log.debug({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    done();
  });
}

const SECRET_QUERY = /^(token|password|secret|key|code|signature|sig|access_token|refresh_token|callbackurl)$/i;

/** The URL with the value of every secret-looking query parameter replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // a malformed name is kept as sent
      }
      return eq >= 0 && SECRET_QUERY.test(decoded) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, q)}?${params.join('&')}`;
}

const SECRET_FIELDS = ['password', 'newPassword', 'currentPassword', 'confirmPassword', 'token', 'authSecret', 'secret'];

/** pino options for the app's logger: JSON lines, level from LOG_LEVEL, secrets censored. */
export function loggerOptions(config: Pick<Config, 'logLevel'>) {
  return {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        'headers.cookie',
        'headers.authorization',
        'headers["set-cookie"]',
        ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `body.${f}`, `req.body.${f}`]),
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(request: FastifyRequest) {
        // Anything else logged under `req` is left to the redaction paths above.
        if (typeof request?.url !== 'string') return request;
        return {
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        };
      },
    },
  };
}
