import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions, RouteHandlerMethod } from 'fastify';
import type { HttpLimits } from '../config.js';
import { errorBody } from './status-text.js';

const TOO_SLOW_MESSAGE = 'The upload was too slow and has been stopped. Please check your connection and try again.';

/**
 * Node's and Fastify's timeouts, so a client cannot hold a connection open for free: headers must
 * arrive within `headersTimeoutMs`, a whole request within `requestTimeoutMs` (long enough for a
 * full-size upload on a slow line), an idle socket and an idle keep-alive connection are closed.
 */
export function httpServerOptions(limits: HttpLimits): Pick<FastifyServerOptions, 'connectionTimeout' | 'keepAliveTimeout' | 'requestTimeout'> & {
  http: { headersTimeout: number; connectionsCheckingInterval: number };
} {
  return {
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      // How often Node looks for requests past those limits (its default, 30 s, would let a
      // 20 s header limit run to 50 s).
      connectionsCheckingInterval: Math.max(250, Math.min(5_000, Math.floor(limits.headersTimeoutMs / 2))),
    },
  };
}

/**
 * A minimum upload rate: a request whose body is still arriving must bring at least
 * `minUploadRate.bytes` in every `windowMs`, or it is answered 408 and its connection closed.
 * The request timeout alone cannot do this: it must allow a 20 MB upload on a slow line, and a
 * client sending a byte every few seconds would hold a connection (and a temporary file) that
 * long. Bytes are counted on the socket, so the body is never read here. A cut request's handler
 * fails as its stream closes (the file store removes its temporary file); that failure is
 * expected and not reported again.
 */
export function registerMinimumUploadRate(app: FastifyInstance, limits: HttpLimits): void {
  const cut = new WeakSet<FastifyRequest>();
  const { bytes: minBytes, windowMs } = limits.minUploadRate;

  const watchUploadRate = (request: FastifyRequest, reply: FastifyReply) => {
    const { raw } = request;
    const socket = raw.socket;
    const hasBody = raw.headers['transfer-encoding'] !== undefined || Number(raw.headers['content-length'] ?? 0) > 0;
    if (!hasBody || raw.complete || !socket) return;
    let counted = socket.bytesRead;
    const timer = setInterval(() => {
      if (raw.complete || socket.destroyed) return clearInterval(timer);
      const received = socket.bytesRead - counted;
      counted = socket.bytesRead;
      if (received >= minBytes) return;
      clearInterval(timer);
      cut.add(request);
      request.log.info({ received, windowMs }, 'request body too slow: cut with 408');
      answerTooSlow(reply);
    }, windowMs);
    timer.unref();
    raw.once('close', () => clearInterval(timer));
    reply.raw.once('close', () => clearInterval(timer));
  };
  app.addHook('onRequest', (request, reply, done) => {
    watchUploadRate(request, reply);
    done();
  });

  // The handler of a cut request rejects (its body stream closed early) after the 408 was sent.
  app.addHook('onRoute', (route) => {
    const handler = route.handler as (...args: unknown[]) => unknown;
    route.handler = function (this: unknown, request: FastifyRequest, reply: FastifyReply) {
      const result = handler.call(this, request, reply);
      if (!(result instanceof Promise)) return result;
      return result.catch((error: unknown) => {
        if (cut.has(request)) return undefined;
        throw error;
      });
    } as RouteHandlerMethod;
  });
}

function answerTooSlow(reply: FastifyReply): void {
  const request = reply.request.raw;
  // Destroying the request (not only its socket) is what ends the body stream its handler reads:
  // once a response is finished, Node no longer aborts the request when the socket goes.
  const end = () => {
    request.destroy();
    request.socket?.destroy();
  };
  if (reply.sent || reply.raw.headersSent) return end();
  // Hijacked: Fastify sends nothing more for this request; the connection ends with the answer.
  reply.hijack();
  const body = JSON.stringify(errorBody(408, TOO_SLOW_MESSAGE, { code: 'TOO_SLOW' }));
  reply.raw.writeHead(408, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    connection: 'close',
  });
  reply.raw.end(body, end);
  // Should the client not read the answer, the connection still goes.
  setTimeout(end, 2_000).unref();
}
