import { pipeline, type Readable } from 'node:stream';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import type { S3StorageConfig } from '../config.js';
import { NETWORK_ERROR_CODES } from '../system/network-errors.js';
import { ByteCounter } from './byte-counter.js';
import {
  assertValidKey,
  ObjectNotFoundError,
  StorageUnavailableError,
  type ByteRange,
  type FileStore,
  type ObjectInfo,
  type StoredObject,
} from './file-store.js';

/** S3's smallest part (except the last): an upload holds about two parts in memory, not the file. */
const PART_SIZE = 5 * 1024 * 1024;
/** One part in flight at a time: the uploader's own connection is slower than the store anyway. */
const QUEUE_SIZE = 1;
const CONNECT_TIMEOUT_MS = 5_000;
const MAX_CONNECTIONS = 256;
/** The start-up check gives up quickly: a server that cannot reach its store should say so. */
const CHECK_CONNECT_TIMEOUT_MS = 3_000;
const CHECK_TIMEOUT_MS = 8_000;

type ClientSdk = typeof import('@aws-sdk/client-s3');
type StorageSdk = typeof import('@aws-sdk/lib-storage');

let sdkLoading: Promise<{ s3: ClientSdk; storage: StorageSdk }> | undefined;
/** The SDK is slow and large to load: only a server that stores in S3 pays for it. */
const loadSdk = () =>
  (sdkLoading ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]).then(([s3, storage]) => ({
    s3,
    storage,
  })));

/**
 * Settings every client of the store shares. Path-style: most S3-compatible servers have no
 * bucket subdomains. Checksums only when required: by default the SDK sends a streamed body as
 * aws-chunked with a CRC trailer, which servers other than AWS store as part of the object.
 */
export function s3ClientConfig(config: S3StorageConfig): S3ClientConfig {
  return {
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    credentials: config.credentials,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

export interface S3FileStoreOptions {
  /** Keys per ListObjectsV2 page (S3's limit is 1000); small in tests to prove paging. */
  listPageSize?: number;
}

/**
 * Objects in an S3-compatible bucket (docs/decisions/012-s3-storage.md). Uploads stream in
 * parts; reads stream the response body; keys live under the configured prefix.
 */
export class S3FileStore implements FileStore {
  private readonly prefix: string;
  private readonly where: string;
  private clients: Promise<{ s3: ClientSdk; storage: StorageSdk; client: S3Client; probe: S3Client }> | undefined;

  constructor(
    private readonly config: S3StorageConfig,
    private readonly options: S3FileStoreOptions = {},
  ) {
    this.prefix = config.prefix ? `${config.prefix}/` : '';
    const url = `s3://${config.bucket}${config.prefix ? `/${config.prefix}` : ''}`;
    this.where = `${url} at ${config.endpoint ?? `AWS ${config.region}`}`;
  }

  private sdk() {
    return (this.clients ??= loadSdk().then(({ s3, storage }) => {
      const base = s3ClientConfig(this.config);
      return {
        s3,
        storage,
        client: new s3.S3Client({
          ...base,
          requestHandler: {
            connectionTimeout: CONNECT_TIMEOUT_MS,
            // A download holds its connection for as long as its reader takes. With the SDK's 50,
            // the 51st concurrent download waited for a free one and failed at the connect timeout.
            httpAgent: { keepAlive: true, maxSockets: MAX_CONNECTIONS },
            httpsAgent: { keepAlive: true, maxSockets: MAX_CONNECTIONS },
          },
        }),
        probe: new s3.S3Client({ ...base, maxAttempts: 2, requestHandler: { connectionTimeout: CHECK_CONNECT_TIMEOUT_MS } }),
      };
    }));
  }

  private objectKey(key: string): string {
    assertValidKey(key);
    return this.prefix + key;
  }

  async put(key: string, body: Readable, options: { maxBytes?: number } = {}): Promise<StoredObject> {
    const objectKey = this.objectKey(key);
    const { s3, storage, client } = await this.sdk();
    const counter = new ByteCounter(options.maxBytes);
    // Either side's error destroys the other; the uploader sees it as its body failing.
    let bodyFailed = false;
    pipeline(body, counter, (error) => (bodyFailed = !!error));
    const upload = new storage.Upload({
      client,
      params: { Bucket: this.config.bucket, Key: objectKey, Body: counter },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      // We abort ourselves below, so the error the caller sees is the one that stopped the upload.
      leavePartsOnError: true,
    });
    try {
      await upload.done();
      return { key, size: counter.bytes };
    } catch (error) {
      counter.destroy();
      if (upload.uploadId) {
        // Parts of an unfinished multipart upload are invisible to list() but kept (and billed).
        const abort = new s3.AbortMultipartUploadCommand({ Bucket: this.config.bucket, Key: objectKey, UploadId: upload.uploadId });
        await client.send(abort).catch((abortError: unknown) => {
          if (error instanceof Error && error.cause === undefined) error.cause = abortError;
        });
      }
      // The uploader's own body failing (too large, or the upload cut off) is not the store's fault.
      throw bodyFailed ? error : this.unavailable(error);
    }
  }

  async stat(key: string): Promise<ObjectInfo | undefined> {
    const { s3, client } = await this.sdk();
    try {
      const head = await client.send(new s3.HeadObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) }));
      return { key, size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw this.unavailable(error);
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const { s3, client } = await this.sdk();
    try {
      const object = await client.send(
        new s3.GetObjectCommand({
          Bucket: this.config.bucket,
          Key: this.objectKey(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      // In Node the body is the response stream itself: bytes flow through, never buffered whole.
      return object.Body as Readable;
    } catch (error) {
      if (isNotFound(error)) throw new ObjectNotFoundError(key);
      throw this.unavailable(error);
    }
  }

  async delete(key: string): Promise<void> {
    const { s3, client } = await this.sdk();
    try {
      await client.send(new s3.DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) }));
    } catch (error) {
      if (!isNotFound(error)) throw this.unavailable(error);
    }
  }

  async *list(prefix: string): AsyncIterable<ObjectInfo> {
    const { s3, client } = await this.sdk();
    // The trailing slash keeps `resources` from also matching `resources-old/...`, as a folder would.
    const pages = s3.paginateListObjectsV2(
      { client, ...(this.options.listPageSize ? { pageSize: this.options.listPageSize } : {}) },
      { Bucket: this.config.bucket, Prefix: `${this.objectKey(prefix)}/` },
    );
    const iterator = pages[Symbol.asyncIterator]();
    for (;;) {
      const next = await iterator.next().catch((error: unknown) => {
        throw this.unavailable(error);
      });
      if (next.done) return;
      for (const object of next.value.Contents ?? []) {
        if (!object.Key) continue;
        yield {
          key: object.Key.slice(this.prefix.length),
          size: object.Size ?? 0,
          modifiedAt: object.LastModified ?? new Date(0),
        };
      }
    }
  }

  /**
   * A failure to reach the store (no connection, no answer, a 5xx) as StorageUnavailableError,
   * so the uploader or reader is told the storage is down (503, try again), not the database:
   * a connection reset looks the same from either. Any other error is returned as it is.
   */
  private unavailable(error: unknown): unknown {
    return isUnreachable(error) ? new StorageUnavailableError(describeCheckFailure(this.where, error), { cause: error }) : error;
  }

  async check(): Promise<void> {
    const { s3, probe } = await this.sdk();
    try {
      await probe.send(new s3.HeadBucketCommand({ Bucket: this.config.bucket }), {
        abortSignal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
      });
    } catch (error) {
      throw new StorageUnavailableError(describeCheckFailure(this.where, error), { cause: error });
    }
  }
}

interface SdkError {
  name?: string;
  code?: string;
  message?: string;
  errors?: { message?: string }[];
  $metadata?: { httpStatusCode?: number };
}

/** No answer from the store (a network error, a timeout) or an answer saying it is failing (5xx). */
function isUnreachable(error: unknown): boolean {
  for (let e = error as (SdkError & { cause?: unknown }) | undefined, depth = 0; e && typeof e === 'object' && depth < 5; e = e.cause as typeof e, depth++) {
    const status = e.$metadata?.httpStatusCode;
    if (status !== undefined) return status >= 500;
    if ((e.code && NETWORK_ERROR_CODES.has(e.code)) || e.name === 'TimeoutError') return true;
    // Node reports a refused dual-stack connect as an AggregateError of the attempts.
    if (e.errors?.some((inner) => NETWORK_ERROR_CODES.has((inner as SdkError).code ?? ''))) return true;
  }
  return false;
}

/** A missing object; a missing bucket (when the answer says so: HEAD has no body) is a real error. */
function isNotFound(error: unknown): boolean {
  const e = error as SdkError;
  if (e?.name === 'NoSuchBucket') return false;
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}

/** One line an operator can act on: where the store is, and what went wrong reaching it. */
function describeCheckFailure(where: string, error: unknown): string {
  const e = error as SdkError;
  const status = e?.$metadata?.httpStatusCode;
  if (status === 404 || e?.name === 'NotFound' || e?.name === 'NoSuchBucket') {
    return `Storage bucket is missing: ${where} (HTTP 404: create the bucket or fix STORAGE_URL)`;
  }
  if (status === 403 || status === 401) {
    return `Storage refused access: ${where} (HTTP ${status}: check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY)`;
  }
  if (status) return `Storage answered with an error: ${where} (HTTP ${status} ${e.name ?? ''})`.replace(' )', ')');
  // Node reports a refused dual-stack connect as an AggregateError with an empty message.
  const why = e?.message || e?.errors?.[0]?.message || e?.code || String(error);
  const reason = e?.name === 'TimeoutError' || e?.name === 'AbortError' ? `no answer: ${why}` : why;
  return `Storage is unreachable: ${where} (${reason})`;
}
