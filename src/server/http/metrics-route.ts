import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import {
  downloads,
  httpRequestDuration,
  httpRequests,
  loginFailures,
  metricsRegistry,
  signUps,
  uploads,
} from '../observability/metrics.js';
import { errorBody } from './status-text.js';

/** Product events read off a route's outcome, so the feature modules need no metrics code. */
const ROUTE_EVENTS: Record<string, (status: number) => void> = {
  'POST /api/auth/sign-up': (s) => s === 201 && signUps.inc(),
  'POST /api/auth/login': (s) => {
    if (s === 401) loginFailures.inc({ reason: 'invalid_credentials' });
    else if (s === 429) loginFailures.inc({ reason: 'throttled' });
    else if (s === 403) loginFailures.inc({ reason: 'unverified' });
  },
  'POST /api/resources': (s) => countUpload(s),
  'POST /api/requests/:id/upload': (s) => countUpload(s),
  'POST /api/resources/:id/download': (s) => s === 200 && downloads.inc(),
};

function countUpload(status: number): void {
  if (status === 201 || status === 200) uploads.inc({ outcome: 'stored' });
  else if (status >= 400 && status !== 401 && status !== 403) uploads.inc({ outcome: 'rejected' });
}

/**
 * Headers by which a proxy, load balancer or CDN says it relayed a request, or names the client:
 * the standard ones (Forwarded, Via), every X-Forwarded-*, and the vendors' client-address headers
 * (X-Real-IP, True-Client-IP, CF-Connecting-IP, Fastly-Client-IP, X-Cluster-Client-IP, ...).
 */
const PROXY_HEADER = /^(forwarded|forwarded-for|via|x-forwarded(-.+)?|x-original-.+|x-real-ip|x-envoy-.+|x-arr-.+|cf-.+|fastly-.+|akamai-.+)$|client-?ip|connecting-ip|user-ip|proxyuser/;

/**
 * Who may read /metrics: with METRICS_TOKEN, whoever sends it as a bearer token; without, only
 * a client on this machine talking to the server directly: a loopback connection that carries no
 * proxy header of any kind (a request relayed by a local proxy comes from loopback too, and its
 * peer address says nothing about the real client).
 */
function metricsAccess(request: FastifyRequest, token: string | undefined): 200 | 401 | 403 {
  if (token) {
    const sent = Buffer.from(request.headers.authorization ?? '');
    const expected = Buffer.from(`Bearer ${token}`);
    return sent.length === expected.length && timingSafeEqual(sent, expected) ? 200 : 401;
  }
  const peer = request.socket.remoteAddress ?? '';
  const loopback = peer === '::1' || peer.startsWith('127.') || peer.startsWith('::ffff:127.');
  return loopback && !Object.keys(request.headers).some((name) => PROXY_HEADER.test(name)) ? 200 : 403;
}

/** Counts every response by route pattern (never the raw URL) and serves GET /metrics. */
export function registerMetrics(app: FastifyInstance, config: Pick<Config, 'metricsToken'>): void {
  app.addHook('onResponse', (request, reply, done) => {
    // Unmatched URLs share one label so random paths cannot blow up the series count.
    const route = request.routeOptions.url ?? '(unmatched)';
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    httpRequests.inc(labels);
    httpRequestDuration.observe(labels, reply.elapsedTime / 1000);
    ROUTE_EVENTS[`${request.method} ${route}`]?.(reply.statusCode);
    done();
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const access = metricsAccess(request, config.metricsToken);
    if (access === 401) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send(errorBody(401, 'Send the metrics token as "Authorization: Bearer <METRICS_TOKEN>".', { code: 'UNAUTHENTICATED' }));
    }
    if (access === 403) {
      return reply
        .code(403)
        .send(errorBody(403, 'Metrics are served to this machine only; set METRICS_TOKEN to read them from elsewhere.', { code: 'FORBIDDEN' }));
    }
    reply.header('cache-control', 'no-store').type(metricsRegistry.contentType);
    return metricsRegistry.metrics();
  });
}
