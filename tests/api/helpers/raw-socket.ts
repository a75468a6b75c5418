import net from 'node:net';

/** A plain TCP connection to a listening test server, recording what comes back and when it ends. */
export interface RawConnection {
  socket: net.Socket;
  /** Everything the server sent so far, as text. */
  received(): string;
  /** Resolves once the server has ended or reset the connection. */
  closed: Promise<void>;
  isClosed(): boolean;
  /** Writes one chunk unless the connection is gone; true when written. */
  send(chunk: string | Buffer): boolean;
}

export async function connect(port: number): Promise<RawConnection> {
  const socket = net.connect({ host: '127.0.0.1', port });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const chunks: Buffer[] = [];
  let isClosed = false;
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.on('error', () => undefined); // a reset is one way of being closed
  const closed = new Promise<void>((resolve) =>
    socket.once('close', () => {
      isClosed = true;
      resolve();
    }),
  );
  return {
    socket,
    received: () => Buffer.concat(chunks).toString('latin1'),
    closed,
    isClosed: () => isClosed,
    send: (chunk) => !isClosed && !socket.destroyed && socket.write(chunk) !== undefined,
  };
}

/** Sends `chunks` one at a time, `everyMs` apart, until they run out or the connection closes. */
export function trickle(connection: RawConnection, chunks: (string | Buffer)[], everyMs: number): () => void {
  let i = 0;
  const timer = setInterval(() => {
    if (i >= chunks.length || !connection.send(chunks[i++]!)) clearInterval(timer);
  }, everyMs);
  return () => clearInterval(timer);
}

/** Resolves true when `promise` settles within `ms`, false otherwise. */
export async function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true as const), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
