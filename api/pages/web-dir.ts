import { join } from 'node:path';

/** The browser code of the pages: plain ES modules, served as they are (no build step). */
export const PROJECT_WEB_DIR = join(import.meta.dirname, '..', '..', 'web');
