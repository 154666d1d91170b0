#!/usr/bin/env node
// Everything the service and its tests need that `npm ci` does not install, each found or installed
// where missing. `npm test` runs it first with --if-missing (a fresh clone tests with no other step);
// `npm run setup` checks that each one runs.
//
//   node scripts/setup.mjs               check each tool runs; install what is missing
//   node scripts/setup.mjs --if-missing  install only what is missing (no checks of what is found)
//   node scripts/setup.mjs --force       reinstall the project's own copies (.tools/)
//
// The Temporal CLI, versitygw and the Python tools (a virtual environment from PyPI) go into .tools/
// (setup-temporal.mjs, setup-versitygw.mjs, setup-python-tools.mjs). Debian's
// packages (Chromium for the browser tests, PostgreSQL for the key store tests, Prometheus for the
// metrics tests) are installed with
// apt-get when this runs as root, and named with the command to run otherwise. As root, PostgreSQL's
// programs run as the `postgres` system user (it refuses root), made here when the machine lacks it.
// Plain Node, no npm dependencies: this runs straight after `npm ci`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT, findTool, logger, run, seconds, setupFlags } from './setup-common.mjs';

const { say, fail } = logger('setup');
const flags = setupFlags(fail);
const passOn = process.argv.slice(2);
const isRoot = process.getuid?.() === 0;

/** Runs one of the project's own setup scripts with the same flags; its failure is this one's. */
function projectScript(name) {
  const result = spawnSync(process.execPath, [join(PROJECT_ROOT, 'scripts', name), ...passOn], {
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Installs Debian packages as root; otherwise says which command would, and fails. */
function debianPackages(what, packages, why) {
  if (!isRoot) {
    fail(
      `${what} is missing (${why}): install it with \`sudo apt-get install -y ${packages.join(' ')}\`, then run npm test again`,
    );
  }
  const started = Date.now();
  say(`${what} is missing (${why}); installing Debian's ${packages.join(', ')} …`);
  const update = run('apt-get', ['update', '-qq'], { timeout: 600_000 });
  if (!update.ok) fail(`apt-get update failed (${update.why}):\n    ${update.output.slice(-800)}`);
  const install = run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], {
    timeout: 1_200_000,
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (!install.ok) fail(`apt-get install failed (${install.why}):\n    ${install.output.slice(-800)}`);
  say(`installed ${packages.join(', ')} in ${seconds(started)}`);
}

/** Debian's Chromium drives the page tests, bench:map and screenshots (never a downloaded browser). */
function chromium() {
  if (process.env.CHROMIUM_PATH) return;
  const names = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome'];
  if (names.some((name) => findTool(name, ''))) return;
  debianPackages('Chromium', ['chromium'], 'the browser tests drive it');
}

/** PostgreSQL's server programs: on PATH, or where Debian puts them (runtime/postgres-cluster.ts looks there too). */
function postgresPrograms() {
  if (findTool('initdb', '') && findTool('pg_ctl', '')) return true;
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql') : [];
  return versions.some((version) => existsSync(join('/usr/lib/postgresql', version, 'bin', 'initdb')));
}

function postgres() {
  if (!postgresPrograms() || !findTool('psql', '')) {
    debianPackages('PostgreSQL', ['postgresql'], 'the key store tests start throwaway clusters');
  }
  if (isRoot && !run('id', ['postgres']).ok) {
    const made = run('useradd', ['--system', '--no-create-home', 'postgres']);
    if (!made.ok) fail(`could not make the postgres system user (${made.why}): ${made.output}`);
    say('made the postgres system user (PostgreSQL refuses to run as root)');
  }
}

/** Prometheus and promtool: the alert rules' unit tests and the scrape test run the real ones. */
function prometheus() {
  if (findTool('prometheus', '') && findTool('promtool', '')) return;
  debianPackages('Prometheus', ['prometheus'], 'the alert rules are tested with promtool and a real server');
}

projectScript('setup-temporal.mjs');
projectScript('setup-versitygw.mjs');
projectScript('setup-python-tools.mjs');
chromium();
postgres();
prometheus();
if (!flags.ifMissing) say('every tool the tests need is here');
