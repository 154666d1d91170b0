#!/usr/bin/env node
// Installs versitygw (an S3 gateway over a local folder, Apache-2.0) into .tools/versitygw/: the real
// S3 server of the lake's tests and of `npm run cluster`.
//
//   node scripts/setup-versitygw.mjs              find it and check it runs; build it if missing
//   node scripts/setup-versitygw.mjs --if-missing exit at once when one is found
//   node scripts/setup-versitygw.mjs --force      rebuild into .tools/versitygw/ even if one is found
//
// Search order (same as runtime/versitygw.ts): `versitygw` on PATH, .tools/versitygw/versitygw. Builds
// with `go install` (about 3 minutes on 2 cores). Plain Node, no npm dependencies: this runs straight
// after `npm ci`.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { delimiter, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const GO_MODULE = 'github.com/versity/versitygw/cmd/versitygw';
const GO_VERSION = 'v1.8.0';

const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const INSTALL_DIR = join(PROJECT_ROOT, '.tools', 'versitygw');
const INSTALL_PATH = join(INSTALL_DIR, 'versitygw');

const INSTALL_HELP =
  `Put \`versitygw\` (${GO_MODULE}@${GO_VERSION}) on PATH, or make \`go\` available and re-run ` +
  '`npm run setup`.';

const say = (line) => console.log(`[setup-versitygw] ${line}`);
const fail = (line) => {
  console.error(`[setup-versitygw] ${line}`);
  process.exit(1);
};
const shown = (path) => (path.startsWith(PROJECT_ROOT) ? relative(PROJECT_ROOT, path) || '.' : path);
const seconds = (startMs) => `${((Date.now() - startMs) / 1000).toFixed(1)} s`;

function isExecutableFile(path) {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function locate() {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir !== '' && isExecutableFile(join(dir, 'versitygw')))
      return { path: resolve(dir, 'versitygw'), source: 'PATH' };
  }
  if (isExecutableFile(INSTALL_PATH)) return { path: INSTALL_PATH, source: 'project' };
  return undefined;
}

function run(command, args, options = {}) {
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

/** `versitygw --version` answers (its first line), or undefined when the binary does not run. */
function runs(path) {
  const result = run(path, ['--version'], { timeout: 30_000 });
  return result.ok ? (result.output.split('\n')[0] ?? '').trim() || 'versitygw' : undefined;
}

function installWithGo() {
  if (!run('go', ['version'], { timeout: 60_000 }).ok) {
    say('go: not available');
    return false;
  }
  say(`go: building ${GO_MODULE}@${GO_VERSION} from source (about 3 minutes on 2 cores) …`);
  // Built beside the final name, then renamed: a killed build never leaves a half-written binary.
  const buildDir = join(INSTALL_DIR, '.build');
  rmSync(buildDir, { recursive: true, force: true });
  mkdirSync(buildDir, { recursive: true });
  const build = run('go', ['install', `${GO_MODULE}@${GO_VERSION}`], {
    env: { ...process.env, GOBIN: buildDir, CGO_ENABLED: process.env.CGO_ENABLED ?? '0' },
  });
  if (!build.ok) {
    say(`go install failed (${build.why}):\n    ${build.output.split('\n').slice(-8).join('\n    ')}`);
    rmSync(buildDir, { recursive: true, force: true });
    return false;
  }
  renameSync(join(buildDir, 'versitygw'), INSTALL_PATH);
  rmSync(buildDir, { recursive: true, force: true });
  return true;
}

function main() {
  const args = process.argv.slice(2);
  const unknown = args.filter((a) => a !== '--if-missing' && a !== '--force');
  if (unknown.length > 0)
    fail(`unknown argument(s): ${unknown.join(' ')} (expected --if-missing or --force)`);
  const force = args.includes('--force');

  const found = locate();
  if (found && !force) {
    if (args.includes('--if-missing')) return;
    const version = runs(found.path);
    if (version) {
      say(`using ${shown(found.path)} (${version}; from ${found.source}); nothing to do`);
      return;
    }
    if (found.source !== 'project')
      fail(`${found.path} (from PATH) does not run. Fix or remove it. ${INSTALL_HELP}`);
    say(`${shown(found.path)} does not run; rebuilding`);
  } else if (!force) {
    say(`versitygw not found on PATH or in ${shown(INSTALL_DIR)}; installing into ${shown(INSTALL_DIR)}`);
  }
  const started = Date.now();
  mkdirSync(INSTALL_DIR, { recursive: true });
  if (installWithGo() && runs(INSTALL_PATH)) {
    say(`installed ${shown(INSTALL_PATH)} in ${seconds(started)}`);
    return;
  }
  fail(`could not install versitygw. ${INSTALL_HELP}`);
}

main();
