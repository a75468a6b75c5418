// Runs s3rver (a test-only S3 server) in its own process, started by tests/support/s3-server.ts.
// Its own process because s3rver's ListObjectsV2 continuation tokens use DES, which OpenSSL 3
// only offers with --openssl-legacy-provider; and so the tests measure the client's memory alone.
// Prints {"port": n} once listening; exits when its parent closes stdin (or dies).
import { rm } from 'node:fs/promises';
import path from 'node:path';
import S3rver from 's3rver';

const directory = process.argv[2];
if (!directory) throw new Error('usage: s3rver-process.mjs DIRECTORY');

const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
// s3rver 3.7 lacks AbortMultipartUpload: drop the upload's parts as S3 would, so tests can
// see that an aborted upload leaves nothing behind.
server.middleware.unshift(async (ctx, next) => {
  const uploadId = ctx.query.uploadId;
  if (ctx.method !== 'DELETE' || typeof uploadId !== 'string') return next();
  if (!/^[0-9a-f]+$/.test(uploadId)) throw new Error(`odd upload id ${uploadId}`);
  const bucket = decodeURIComponent(ctx.path.split('/')[1] ?? '');
  await rm(path.join(directory, bucket, '._S3rver_uploads', uploadId), { recursive: true, force: true });
  ctx.status = 204;
});
const { port } = await server.run();
process.stdout.write(JSON.stringify({ port }) + '\n');
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
