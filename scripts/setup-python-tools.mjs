#!/usr/bin/env node
// Installs the Python tools the tests run as real clients (scripts/python-tools.txt: the
// property-based OpenAPI tester, the mail server, the GeoParquet readers) into a virtual
// environment at .tools/python/, from PyPI.
//
//   node scripts/setup-python-tools.mjs              check the environment runs; make it if missing
//   node scripts/setup-python-tools.mjs --if-missing exit at once when it holds the listed versions
//   node scripts/setup-python-tools.mjs --force      make it again even if it is there
//
// A copy of the list it was made from, written last, marks the environment complete: a killed install
// leaves none, and is made again, as is one made from an older list. (It is made in place: a virtual
// environment's scripts name its folder, so one built elsewhere and renamed would not run.) Plain
// Node, no npm dependencies: this runs straight after `npm ci`.
import { copyFileSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT, lastLines, logger, run, seconds, setupFlags, shown } from './setup-common.mjs';

const REQUIREMENTS = join(PROJECT_ROOT, 'scripts', 'python-tools.txt');
export const PYTHON_TOOLS_DIR = join(PROJECT_ROOT, '.tools', 'python');
const MADE_FROM = join(PYTHON_TOOLS_DIR, 'made-from.txt');

const { say, fail } = logger('setup-python-tools');

const isCurrent = () =>
  existsSync(MADE_FROM) && readFileSync(MADE_FROM, 'utf8') === readFileSync(REQUIREMENTS, 'utf8');

/** A Python 3.10 or later with venv, as `python3` on PATH; fails naming the package when missing. */
function python() {
  const found = run('python3', ['-c', 'import sys, venv, ensurepip; print(sys.version_info >= (3, 10))']);
  if (found.ok && found.output === 'True') return 'python3';
  fail(
    `Python 3.10 or later with venv is missing (${found.ok ? 'too old' : found.why}): install it ` +
      'with `sudo apt-get install -y python3 python3-venv`, then run npm test again',
  );
}

function install() {
  const started = Date.now();
  rmSync(PYTHON_TOOLS_DIR, { recursive: true, force: true });
  say(`making ${shown(PYTHON_TOOLS_DIR)} from ${shown(REQUIREMENTS)} (PyPI; a minute or two) …`);
  const venv = run(python(), ['-m', 'venv', PYTHON_TOOLS_DIR], { timeout: 300_000 });
  if (!venv.ok) fail(`python3 -m venv failed (${venv.why}):\n    ${lastLines(venv.output)}`);
  const pip = run(
    join(PYTHON_TOOLS_DIR, 'bin', 'python'),
    ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '-r', REQUIREMENTS],
    { timeout: 900_000 },
  );
  if (!pip.ok) fail(`pip install failed (${pip.why}):\n    ${lastLines(pip.output)}`);
  copyFileSync(REQUIREMENTS, MADE_FROM);
  say(`made ${shown(PYTHON_TOOLS_DIR)} in ${seconds(started)}`);
}

function main() {
  const { ifMissing, force } = setupFlags(fail);
  if (!force && isCurrent()) {
    if (ifMissing) return;
    const check = run(join(PYTHON_TOOLS_DIR, 'bin', 'schemathesis'), ['--version'], { timeout: 60_000 });
    if (check.ok) return say(`${check.output.split('\n')[0]} in ${shown(PYTHON_TOOLS_DIR)}`);
    say(`${shown(PYTHON_TOOLS_DIR)} does not run (${check.why}); making it again`);
  }
  install();
}

main();
