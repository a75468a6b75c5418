import path from 'node:path';
import type { StorageConfig } from '../config.js';
import { ClaimingFileStore } from './claiming-file-store.js';
import type { FileStore } from './file-store.js';
import { LocalFileStore } from './local-file-store.js';
import { S3FileStore } from './s3-file-store.js';
import { WriteClaims } from './write-claims.js';

/**
 * Picks the FileStore implementation the configuration names. With `writeClaimsDir` (a folder
 * on this host's disk, in DATA_DIR) its writes are claimed for this process (write-claims.ts).
 */
export function createFileStore(config: StorageConfig, options: { writeClaimsDir?: string } = {}): FileStore {
  const store = plainStore(config);
  return options.writeClaimsDir ? new ClaimingFileStore(store, new WriteClaims(options.writeClaimsDir)) : store;
}

/** Where this install's write claims live: on this host's disk even when the files are in a bucket. */
export function writeClaimsDir(dataDir: string): string {
  return path.join(dataDir, 'write-claims');
}

function plainStore(config: StorageConfig): FileStore {
  switch (config.driver) {
    case 'local':
      return new LocalFileStore(config.root, { groupReadable: config.groupReadable });
    case 's3':
      return new S3FileStore(config);
  }
}
