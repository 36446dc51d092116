import path from 'node:path';
import type { TConfig } from '../../config';
import type { TClock } from '../../lib/clock';
import { LocalDiskStorage } from './local-disk.storage';
import { S3Storage } from './s3.storage';
import type { FileStorage } from './storage';

/** DESIGN 2: the object store when S3_* is set, local disk under DATA_DIR/files otherwise. */
export function createStorage(config: TConfig, clock: TClock): FileStorage {
  return config.s3
    ? new S3Storage(config.s3, clock)
    : new LocalDiskStorage(path.join(config.dataDir, 'files'));
}
