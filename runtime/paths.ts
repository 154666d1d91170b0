import { fileURLToPath } from 'node:url';

/** Absolute path of the project root (the directory holding package.json), without a trailing slash. */
export const PROJECT_ROOT: string = fileURLToPath(new URL('..', import.meta.url)).replace(/[\\/]+$/, '');
