import { FolderLakeStorage } from './folder-storage.js';
import type { LakeStorage } from './lake-storage.js';
import { S3LakeStorage, type S3LakeOptions } from './s3-storage.js';

/** A lake's home as configuration describes it (config/lake-url.ts with the S3 settings). */
export type LakeHome = { kind: 'folder'; dir: string } | ({ kind: 's3' } & S3LakeOptions);

export function openLakeStorage(home: LakeHome): LakeStorage {
  return home.kind === 'folder' ? new FolderLakeStorage(home.dir) : new S3LakeStorage(home);
}
