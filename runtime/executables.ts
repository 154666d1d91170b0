import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';

export function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The executable `name` in the first PATH folder that has one, as an absolute path. */
export function searchPath(name: string): string | undefined {
  // PATH is not a setting: it is only needed to find an executable the way a shell would.
  // eslint-disable-next-line no-restricted-properties -- PATH lookup, not configuration
  const pathVar = process.env['PATH'] ?? '';
  for (const dir of pathVar.split(delimiter)) {
    if (dir === '') continue;
    const candidate = join(dir, name);
    if (isExecutableFile(candidate)) return resolve(candidate);
  }
  return undefined;
}
