import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';

/** s3rver knows this one account; it checks the key id but not V4 signatures. */
export const S3_TEST_CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' } as const;

const SERVER_SCRIPT = path.resolve('tests/support/s3rver-process.mjs');
const UPLOADS_DIR = '._S3rver_uploads';
const OBJECT_SUFFIX = '._S3rver_object';

export interface TestS3Server {
  /** http://127.0.0.1:port */
  endpoint: string;
  /** A new, empty bucket; a fresh name when none is given. */
  createBucket(name?: string): Promise<string>;
  /** The environment that points the app at `bucket` on this server. */
  storageEnv(bucket: string): Record<string, string>;
  /** Where s3rver keeps an object's bytes on disk, to age it (`utimes`) as a disk-store test would. */
  objectFile(bucket: string, key: string): string;
  /** Every stored key in the bucket plus `uploads/<id>` for each unfinished multipart upload. */
  storedEntries(bucket: string): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * A real S3-protocol server (s3rver 3.7, in a child process) on 127.0.0.1 and a free port,
 * storing in a fresh temp folder that is removed on close.
 */
export async function startS3Server(): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), 'studyshelf-s3-'));
  const child = spawn(process.execPath, ['--openssl-legacy-provider', SERVER_SCRIPT, directory], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`s3rver exited with code ${code} before listening`)));
    createInterface({ input: child.stdout! }).once('line', (line) => resolve((JSON.parse(line) as { port: number }).port));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: S3_TEST_CREDENTIALS.AWS_ACCESS_KEY_ID, secretAccessKey: S3_TEST_CREDENTIALS.AWS_SECRET_ACCESS_KEY },
  });
  return {
    endpoint,
    async createBucket(name = `test-${randomUUID().slice(0, 8)}`) {
      await client.send(new CreateBucketCommand({ Bucket: name }));
      return name;
    },
    storageEnv: (bucket) => ({
      STORAGE_URL: `s3://${bucket}?endpoint=${endpoint}&region=us-east-1`,
      ...S3_TEST_CREDENTIALS,
    }),
    objectFile: (bucket, key) => path.join(directory, bucket, ...key.split('/')) + OBJECT_SUFFIX,
    async storedEntries(bucket) {
      const root = path.join(directory, bucket);
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
      const found: string[] = [];
      for (const entry of entries) {
        const relative = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep);
        if (relative[0] === UPLOADS_DIR) {
          if (relative.length === 2 && entry.isDirectory()) found.push(`uploads/${relative[1]}`);
        } else if (entry.isFile() && entry.name.endsWith(OBJECT_SUFFIX)) {
          found.push(relative.join('/').slice(0, -OBJECT_SUFFIX.length));
        }
      }
      return found.sort();
    },
    async close() {
      client.destroy();
      child.stdin!.end();
      await exited;
      await rm(directory, { recursive: true, force: true });
    },
  };
}
