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
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  PROJECT_ROOT,
  findTool,
  goInstall,
  logger,
  run,
  seconds,
  setupFlags,
  shown,
} from './setup-common.mjs';

const GO_MODULE = 'github.com/versity/versitygw/cmd/versitygw';
const GO_VERSION = 'v1.8.0';

const INSTALL_DIR = join(PROJECT_ROOT, '.tools', 'versitygw');
const INSTALL_PATH = join(INSTALL_DIR, 'versitygw');

const INSTALL_HELP =
  `Put \`versitygw\` (${GO_MODULE}@${GO_VERSION}) on PATH, or make \`go\` available and re-run ` +
  '`npm run setup`.';

const { say, fail } = logger('setup-versitygw');

/** `versitygw --version` answers (its first line), or undefined when the binary does not run. */
function runs(path) {
  const result = run(path, ['--version'], { timeout: 30_000 });
  return result.ok ? (result.output.split('\n')[0] ?? '').trim() || 'versitygw' : undefined;
}

function installWithGo() {
  // Built beside the final name, then renamed: a killed build never leaves a half-written binary.
  const buildDir = join(INSTALL_DIR, '.build');
  rmSync(buildDir, { recursive: true, force: true });
  const built = goInstall(say, GO_MODULE, GO_VERSION, buildDir, 'about 3 minutes on 2 cores');
  if (built) renameSync(join(buildDir, 'versitygw'), INSTALL_PATH);
  rmSync(buildDir, { recursive: true, force: true });
  return built;
}

function main() {
  const { ifMissing, force } = setupFlags(fail);

  const found = findTool('versitygw', INSTALL_PATH);
  if (found && !force) {
    if (ifMissing) return;
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
