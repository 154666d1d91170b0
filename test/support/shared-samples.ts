import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The real published documents live beside the project in ../shared (third-party data, never copied
 * in). Suites over them fail, with this message, on a clone that lacks the folder.
 */
export const SHARED_DIR = fileURLToPath(new URL('../../../shared/', import.meta.url));
export const UPSTREAM_SAMPLES_DIR = `${SHARED_DIR}upstream/samples/`;

export function requireSharedFolder(relative: string): string {
  const path = `${SHARED_DIR}${relative}`;
  if (!existsSync(path)) {
    throw new Error(`These tests need ../shared/${relative} beside the project (looked in ${path})`);
  }
  return path;
}
