import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * What changed, as far as in-process memos care: `resources` (an upload or delete: browse lists
 * and search outcomes), `search` (an abbreviation: search outcomes only).
 */
export type ChangeTopic = 'resources' | 'search';

/**
 * Tells the other instances of a scaled-out install that something they may have memoised has
 * changed (decision 019). The instance that made the change forgets its own memos itself, at
 * once; publish() reaches only the others, which run the listeners subscribed to the topic.
 */
export interface ChangeBus {
  /**
   * Call after the change is committed; resolves when the other instances have forgotten (or
   * after at most a second). Never throws.
   */
  publish(topic: ChangeTopic): Promise<void>;
  /** Runs `listener` when another instance publishes `topic`, and after missed notifications. */
  subscribe(topic: ChangeTopic, listener: () => void): void;
  /** Resolves once notifications are received (at most `LISTEN_WAIT_MS` after the first subscribe). */
  listening(): Promise<void>;
  /** Where connection problems are told; they never throw. */
  reportErrorsTo(report: (error: unknown, what: string) => void): void;
  close(): Promise<void>;
}

const CHANNEL = 'studyshelf_changes';
/** The listener's `application_name`: how an instance counts the others (pg_stat_activity). */
export const LISTENER_NAME = 'studyshelf-change-bus';
const LISTEN_WAIT_MS = 15_000;
/** Longest a publish waits for the others to confirm (one may be dying or reconnecting). */
const ACK_WAIT_MS = 1_000;
const TOPICS: readonly ChangeTopic[] = ['resources', 'search'];

class Listeners {
  private readonly byTopic = new Map<ChangeTopic, Array<() => void>>();
  add(topic: ChangeTopic, listener: () => void): void {
    this.byTopic.set(topic, [...(this.byTopic.get(topic) ?? []), listener]);
  }
  run(topic: ChangeTopic): void {
    for (const listener of this.byTopic.get(topic) ?? []) listener();
  }
  runAll(): void {
    for (const topic of TOPICS) this.run(topic);
  }
}

/** SQLite: one process owns the database, so there is nobody else to tell. */
export function localChangeBus(): ChangeBus {
  return {
    publish: async () => undefined,
    subscribe: () => undefined,
    listening: async () => undefined,
    reportErrorsTo: () => undefined,
    close: async () => undefined,
  };
}

export interface PostgresChangeBusOptions {
  url: string;
  /** Sends one notification through the pool (pg_notify outside any open transaction). */
  notify(channel: string, payload: string): Promise<void>;
  /** Sessions on this database listening under `LISTENER_NAME` (this instance's included). */
  countListeners(applicationName: string): Promise<number>;
  /** First wait before connecting the listener again; doubles up to `maxReconnectMs`. */
  reconnectMs?: number;
  maxReconnectMs?: number;
}

/**
 * PostgreSQL LISTEN/NOTIFY on one channel. The listener is a dedicated client (a pooled one could
 * be handed to a query and miss notifications), connected on the first subscribe. When its
 * connection ends (database restart, failover, a terminated backend) it reconnects with backoff
 * and then runs every listener, because notifications sent meanwhile were lost. Receivers confirm
 * each notification; publish() resolves when every other listener has (decision 019).
 */
export function postgresChangeBus(options: PostgresChangeBusOptions): ChangeBus {
  const origin = randomUUID();
  const listeners = new Listeners();
  let report: (error: unknown, what: string) => void = () => undefined;
  let client: pg.Client | undefined;
  let started = false;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let wakeRetry: (() => void) | undefined;
  let markListening!: () => void;
  const firstListen = new Promise<void>((resolve) => (markListening = resolve));

  /** Publishes waiting for confirmations, by number: the instances that confirmed so far. */
  const waiting = new Map<number, { from: Set<string>; expected: number; done: () => void }>();
  let sent = 0;

  const receive = (message: pg.Notification): void => {
    try {
      const note = JSON.parse(message.payload ?? '{}') as { o?: string; t?: ChangeTopic; n?: number; ack?: number; to?: string };
      if (note.o === origin || !note.o) return;
      if (note.ack !== undefined) {
        const wait = note.to === origin ? waiting.get(note.ack) : undefined;
        if (wait && wait.from.add(note.o).size >= wait.expected) wait.done();
      } else if (note.t && TOPICS.includes(note.t)) {
        listeners.run(note.t);
        // Forgotten: tell the publisher, whose answer to its client waits for this.
        void options.notify(CHANNEL, JSON.stringify({ o: origin, ack: note.n, to: note.o })).catch((error: unknown) => report(error, 'change confirmation not sent'));
      }
    } catch (error) {
      report(error, 'unreadable change notification');
    }
  };

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      wakeRetry = resolve;
      retryTimer = setTimeout(resolve, ms);
      retryTimer.unref();
    });

  async function connect(): Promise<void> {
    let delay = options.reconnectMs ?? 500;
    while (!closed) {
      const next = new pg.Client({ connectionString: options.url, keepAlive: true, connectionTimeoutMillis: 5_000, application_name: LISTENER_NAME });
      // An unheard 'error' would end the process; the 'end' that follows reconnects.
      next.on('error', (error) => report(error, 'change listener connection failed'));
      try {
        await next.connect();
        next.on('notification', receive);
        await next.query(`LISTEN ${CHANNEL}`);
      } catch (error) {
        report(error, 'change listener could not connect');
        await next.end().catch(() => undefined);
        await sleep(delay);
        delay = Math.min(delay * 2, options.maxReconnectMs ?? 10_000);
        continue;
      }
      if (closed) {
        await next.end().catch(() => undefined);
        return;
      }
      client = next;
      next.once('end', () => {
        client = undefined;
        if (!closed) void connect();
      });
      // Whatever was published while no listener was connected was lost (before the first
      // connection too: a memo may have been filled meanwhile): forget everything.
      listeners.runAll();
      markListening();
      return;
    }
  }

  return {
    async publish(topic) {
      const n = ++sent;
      let timer: NodeJS.Timeout | undefined;
      try {
        // PostgreSQL hands a notification to each listening session at commit, but each delivers
        // it to its instance on its own time. So the others confirm once they have forgotten, and
        // the change is answered only then: a client told "uploaded" by A and asking B next finds
        // it listed. (Waiting for our own echo instead still let B answer from its memo now and
        // then on a loaded machine.) Writes pay a few milliseconds; reads pay nothing.
        const others = client ? (await options.countListeners(LISTENER_NAME)) - 1 : 0;
        const confirmed =
          others > 0
            ? new Promise<void>((resolve) => {
                waiting.set(n, { from: new Set(), expected: others, done: resolve });
                timer = setTimeout(resolve, ACK_WAIT_MS);
              })
            : Promise.resolve();
        await options.notify(CHANNEL, JSON.stringify({ o: origin, t: topic, n }));
        await confirmed;
      } catch (error) {
        // The others' memos expire by themselves (list-cache.ts ttlMs); the change itself stands.
        report(error, `change notification (${topic}) not sent`);
      } finally {
        clearTimeout(timer);
        waiting.delete(n);
      }
    },
    subscribe(topic, listener) {
      listeners.add(topic, listener);
      if (!started && !closed) {
        started = true;
        void connect();
      }
    },
    listening() {
      if (!started) return Promise.resolve();
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, LISTEN_WAIT_MS)));
      return Promise.race([firstListen, waited]).finally(() => clearTimeout(timer));
    },
    reportErrorsTo(next) {
      report = next;
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      wakeRetry?.();
      markListening();
      await client?.end().catch(() => undefined);
      client = undefined;
    },
  };
}
