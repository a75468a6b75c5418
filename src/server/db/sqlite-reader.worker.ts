import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { LRUCache } from 'lru-cache';
import type { ReaderReply, ReaderRequest, ReaderWorkerData } from './sqlite-reader.protocol.js';

/**
 * A read-only connection to the SQLite file on its own thread (sqlite-reader.ts): better-sqlite3
 * runs a statement to completion synchronously, so a long read here leaves the server's event
 * loop free. WAL mode lets it read while the server writes.
 */
const { file } = workerData as ReaderWorkerData;
const db = new SQLite(file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');

const statements = new LRUCache<string, SQLite.Statement>({ max: 200 });

function prepare(text: string): SQLite.Statement {
  let statement = statements.get(text);
  if (!statement) statements.set(text, (statement = db.prepare(text)));
  return statement;
}

parentPort!.on('message', (request: ReaderRequest) => {
  let reply: ReaderReply;
  try {
    const statement = prepare(request.sql);
    if (!statement.reader) throw new Error('The SQLite reader runs queries that return rows only');
    reply = { id: request.id, rows: statement.all(request.parameters) as unknown[] };
  } catch (error) {
    const { message, code } = error as { message?: string; code?: string };
    reply = { id: request.id, error: { message: message ?? String(error), code } };
  }
  parentPort!.postMessage(reply);
});
