/** Messages between the server and its SQLite reader thread (sqlite-reader.ts). */
export interface ReaderWorkerData {
  file: string;
}

export interface ReaderRequest {
  id: number;
  sql: string;
  parameters: readonly unknown[];
  /** Answer each column as one Float64Array (numbers only), moved rather than copied (Db.readColumns). */
  columns?: boolean;
}

export type ReaderReply =
  | { id: number; rows: unknown[] }
  | { id: number; columns: Float64Array[] }
  | { id: number; error: { message: string; code?: string } };
