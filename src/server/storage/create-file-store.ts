import type { StorageConfig } from '../config.js';
import type { FileStore } from './file-store.js';
import { LocalFileStore } from './local-file-store.js';
import { S3FileStore } from './s3-file-store.js';

/** Picks the FileStore implementation the configuration names. */
export function createFileStore(config: StorageConfig): FileStore {
  switch (config.driver) {
    case 'local':
      return new LocalFileStore(config.root, { groupReadable: config.groupReadable });
    case 's3':
      return new S3FileStore(config);
  }
}
