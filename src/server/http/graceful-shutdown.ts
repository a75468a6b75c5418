import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Graceful shutdown for SIGTERM/SIGINT. The first signal stops accepting connections and lets
 * requests under way (uploads included) finish; at the deadline the remaining connections are
 * cut, their handlers get a moment to clean up (an upload removes its temporary file), then the
 * rest (mail loop, database) is closed and the process exits. A second signal exits at once.
 */

const inFlight = new WeakMap<FastifyInstance, Set<FastifyRequest>>();

/**
 * Counts requests whose handler has not finished. Must be called before the routes are
 * registered. A handler ends in onSend (also when its client is gone) or, failing that, onResponse.
 */
export function trackRequestsInFlight(app: FastifyInstance): void {
  const running = new Set<FastifyRequest>();
  inFlight.set(app, running);
  // Callback hooks: on every request, a promise each would cost more than the work.
  app.addHook('onRequest', (request, _reply, done) => {
    running.add(request);
    done();
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    running.delete(request);
    done(null, payload);
  });
  app.addHook('onResponse', (request, _reply, done) => {
    running.delete(request);
    done();
  });
}

export interface ShutdownOptions {
  app: FastifyInstance;
  /** How long requests under way may take before they are cut. */
  timeoutMs: number;
  /** Closes what the app does not own (mail transport, database); runs once the app is closed. */
  closeRest: () => Promise<void>;
  exit?: (code: number) => void;
  /** After cutting connections, how long handlers get to clean up; also bounds closeRest. */
  graceMs?: number;
}

const sleep = (ms: number) => new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms).unref());

/** Shuts the app down once; returns the function to call for each signal received. */
export function gracefulShutdown(options: ShutdownOptions): (signal: string) => void {
  const { app, timeoutMs, closeRest } = options;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const graceMs = options.graceMs ?? 5_000;
  let closing = false;

  const run = async (signal: string): Promise<void> => {
    app.log.info({ signal, timeoutSeconds: timeoutMs / 1000 }, 'shutting down: no new connections, waiting for requests under way');
    const closed = app.close().then(() => 'closed' as const);
    if ((await Promise.race([closed, sleep(timeoutMs)])) === 'timeout') {
      const running = inFlight.get(app);
      app.log.warn({ requests: running?.size ?? 0 }, 'shutdown deadline reached: cutting the requests still under way');
      app.server.closeAllConnections();
      await Promise.race([waitUntilEmpty(running), sleep(graceMs)]);
      await Promise.race([closed, sleep(graceMs)]);
    }
    await Promise.race([closeRest(), sleep(graceMs)]);
    app.log.info('shut down');
  };

  return (signal: string) => {
    if (closing) {
      app.log.warn({ signal }, 'second signal: exiting at once');
      exit(130);
      return;
    }
    closing = true;
    run(signal).then(() => exit(0), (error: unknown) => {
      app.log.error({ err: error }, 'shutdown failed');
      exit(1);
    });
  };
}

async function waitUntilEmpty(running: Set<FastifyRequest> | undefined): Promise<void> {
  while (running && running.size > 0) await new Promise((resolve) => setTimeout(resolve, 20));
}
