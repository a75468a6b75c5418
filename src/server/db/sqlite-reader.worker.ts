import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import type { ReaderReply, ReaderRequest, ReaderWorkerData } from './sqlite-reader.protocol.js';

/**
 * A read-only connection to the SQLite file on its own thread (sqlite-reader.ts): better-sqlite3
 * runs a statement to completion synchronously, so a long read here leaves the server's event
 * loop free. WAL mode lets it read while the server writes.
 */
const { file } = workerData as ReaderWorkerData;
const db = new SQLite(file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');

const statements = new Map<string, SQLite.Statement>();
const MAX_STATEMENTS = 200;

function prepare(text: string): SQLite.Statement {
  let statement = statements.get(text);
  if (!statement) {
    statement = db.prepare(text);
    if (statements.size >= MAX_STATEMENTS) statements.delete(statements.keys().next().value!);
    statements.set(text, statement);
  }
  return statement;
}

/**
 * Every column of the result as one Float64Array: tens of thousands of rows of numbers cost the
 * server's thread nothing to receive (the arrays are moved), where as many row objects would take
 * milliseconds to copy.
 */
function columnsOf(statement: SQLite.Statement, parameters: readonly unknown[]): Float64Array[] {
  const width = statement.columns().length;
  let columns: Float64Array[] = Array.from({ length: width }, () => new Float64Array(1024));
  let n = 0;
  for (const row of statement.raw(true).iterate(parameters) as Iterable<unknown[]>) {
    if (n === columns[0]!.length) columns = columns.map((c) => grow(c, n * 2));
    for (let i = 0; i < width; i++) columns[i]![n] = Number(row[i]);
    n++;
  }
  return columns.map((c) => c.slice(0, n));
}

function grow(column: Float64Array, size: number): Float64Array {
  const larger = new Float64Array(size);
  larger.set(column);
  return larger;
}

parentPort!.on('message', (request: ReaderRequest) => {
  let reply: ReaderReply;
  let transfer: ArrayBuffer[] = [];
  try {
    const statement = prepare(request.sql);
    if (!statement.reader) throw new Error('The SQLite reader runs queries that return rows only');
    if (request.columns) {
      const columns = columnsOf(statement, request.parameters);
      reply = { id: request.id, columns };
      transfer = columns.map((c) => c.buffer as ArrayBuffer);
    } else {
      reply = { id: request.id, rows: statement.raw(false).all(request.parameters) as unknown[] };
    }
  } catch (error) {
    const { message, code } = error as { message?: string; code?: string };
    reply = { id: request.id, error: { message: message ?? String(error), code } };
  }
  parentPort!.postMessage(reply, transfer);
});
