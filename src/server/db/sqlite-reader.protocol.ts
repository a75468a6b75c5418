/** Messages between the server and its SQLite reader thread (sqlite-reader.ts). */
export interface ReaderWorkerData {
  file: string;
}

export interface ReaderRequest {
  id: number;
  sql: string;
  parameters: readonly unknown[];
}

export type ReaderReply =
  | { id: number; rows: unknown[] }
  | { id: number; error: { message: string; code?: string } };
