// What the setup scripts (setup-temporal.mjs, setup-versitygw.mjs) share: finding an executable,
// running a command quietly, their log lines and their arguments. Plain Node, no npm dependencies:
// the scripts run straight after `npm ci`.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, mkdirSync, statSync } from 'node:fs';
import { delimiter, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** `say` and `fail` (which exits 1) print lines tagged with the script's name. */
export function logger(tag) {
  return {
    say: (line) => console.log(`[${tag}] ${line}`),
    fail: (line) => {
      console.error(`[${tag}] ${line}`);
      process.exit(1);
    },
  };
}

/** A path inside the project relative to its root; any other as it is. */
export const shown = (path) => (path.startsWith(PROJECT_ROOT) ? relative(PROJECT_ROOT, path) || '.' : path);
export const seconds = (startMs) => `${((Date.now() - startMs) / 1000).toFixed(1)} s`;
/** The last lines of a command's output, indented under the line that reports it. */
export const lastLines = (text, n = 8) => text.split('\n').slice(-n).join('\n    ');

export function isExecutableFile(path) {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The executable `name` in the first PATH folder that has one, as an absolute path. */
function searchPath(name) {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir !== '' && isExecutableFile(join(dir, name))) return resolve(dir, name);
  }
  return undefined;
}

/** A tool found on PATH, else at its install path in the project; undefined when neither has it. */
export function findTool(name, installPath) {
  const onPath = searchPath(name);
  if (onPath) return { path: onPath, source: 'PATH' };
  if (isExecutableFile(installPath)) return { path: installPath, source: 'project' };
  return undefined;
}

/** Runs a command quietly; returns its result with combined output for error messages. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
    ...options,
  });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim();
  const ok = result.error === undefined && result.status === 0;
  const why = result.error ? result.error.message : `exit code ${result.status ?? result.signal}`;
  return { ok, output, why };
}

/** `go install module@version` into the folder `gobin`; false (having said why) when go is missing or fails. */
export function goInstall(say, module, version, gobin, howLong) {
  if (!run('go', ['version'], { timeout: 60_000 }).ok) {
    say('go: not available; skipping');
    return false;
  }
  say(`go: building ${module}@${version} from source (${howLong}) …`);
  mkdirSync(gobin, { recursive: true });
  const build = run('go', ['install', `${module}@${version}`], {
    env: { ...process.env, GOBIN: gobin, CGO_ENABLED: process.env.CGO_ENABLED ?? '0' },
  });
  if (!build.ok) {
    say(`go install failed (${build.why}):\n    ${lastLines(build.output)}`);
    return false;
  }
  return true;
}

/** The setup flags, `--if-missing` and `--force`; any other argument fails the script. */
export function setupFlags(fail) {
  const args = process.argv.slice(2);
  const unknown = args.filter((a) => a !== '--if-missing' && a !== '--force');
  if (unknown.length > 0)
    fail(`unknown argument(s): ${unknown.join(' ')} (expected --if-missing or --force)`);
  return { ifMissing: args.includes('--if-missing'), force: args.includes('--force') };
}
