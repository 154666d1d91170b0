import { join } from 'node:path';
import { dataLayout } from './data-layout.js';
import type { Settings } from './env.js';
import type { LakeLocation } from './lake-url.js';

/** The lake's location from the settings: LAKE_URL (with the S3 settings), else the folder under DATA_DIR. */
export function lakeLocationOf(
  settings: Pick<
    Settings,
    'LAKE_URL' | 'DATA_DIR' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_FORCE_PATH_STYLE' | 'S3_TIMEOUT_MS'
  >,
): LakeLocation {
  const location = settings.LAKE_URL ?? { kind: 'folder', dir: dataLayout(settings.DATA_DIR).lakeDir };
  if (location.kind === 'folder') return location;
  return {
    ...location,
    endpoint: settings.S3_ENDPOINT,
    region: settings.S3_REGION,
    forcePathStyle: settings.S3_FORCE_PATH_STYLE,
    requestTimeoutMs: settings.S3_TIMEOUT_MS,
  };
}

/** Where the SQLite key store's backups go (KEY_BACKUP_URL, or beside the lake), with the S3 settings. */
export function keyBackupLocationOf(
  settings: Pick<
    Settings,
    | 'KEY_BACKUP_URL'
    | 'LAKE_URL'
    | 'DATA_DIR'
    | 'S3_ENDPOINT'
    | 'S3_REGION'
    | 'S3_FORCE_PATH_STYLE'
    | 'S3_TIMEOUT_MS'
  >,
): LakeLocation {
  const lake = settings.LAKE_URL;
  const beside: LakeLocation =
    lake?.kind === 's3'
      ? {
          kind: 's3',
          bucket: lake.bucket,
          prefix: ['key-store-backups', lake.prefix].filter(Boolean).join('/'),
        }
      : { kind: 'folder', dir: join(settings.DATA_DIR, 'backups', 'key-store') };
  return lakeLocationOf({ ...settings, LAKE_URL: settings.KEY_BACKUP_URL ?? beside });
}
