import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { childEnvironment } from '../../config/index.js';
import { freePort } from '../../runtime/versitygw.js';
import { ROOT } from './doc-blocks.js';

/** The demo the docs' commands run against, and how to run one of them there. */
export interface DocDemo {
  /** The scratch checkout: the project's files linked, a `data/` of its own. */
  checkout: string;
  /** The demo's API port (the docs say 8080). */
  port: number;
  /** The environment a reader's shell starts with here: the curl that records answers first on PATH. */
  env: Record<string, string>;
  run(text: string, env: Record<string, string>): Promise<LineRun>;
  stop(): Promise<void>;
}

export interface LineRun {
  code: number | null;
  /** The HTTP status of each curl the line ran. */
  statuses: number[];
  output: string;
  /** The shell's environment after the line (what it exported). */
  env: Record<string, string>;
}

const READY_WITHIN_MS = 300_000;
const LINE_LIMIT_MS = 240_000;

/**
 * A checkout of links to the project's files, so that `npm run demo` there writes `data/demo/` of its
 * own and the CLIs run there find that demo, as they would in a reader's clone.
 */
async function scratchCheckout(): Promise<string> {
  const checkout = await mkdtemp(join(tmpdir(), 'eids-docs-'));
  for (const entry of await readdir(ROOT)) {
    if (entry === 'data' || entry === '.git') continue;
    await symlink(join(ROOT, entry), join(checkout, entry));
  }
  return checkout;
}

/** A `curl` that adds a time limit and writes each answer's status to stderr, for the test to read. */
async function recordingCurl(checkout: string): Promise<string> {
  const bin = join(checkout, '.doc-bin');
  await mkdir(bin);
  const real = execFileSync('sh', ['-c', 'command -v curl'], { encoding: 'utf8' }).trim();
  const shim = join(bin, 'curl');
  await writeFile(
    shim,
    [
      '#!/bin/sh',
      // A stream (-N) stays open: it is read for 5 s.
      'case " $* " in *" -N "*) limit=5 ;; *) limit=120 ;; esac',
      `exec ${real} --max-time "$limit" --write-out '%{stderr}::http %{http_code}\\n' "$@"`,
      '',
    ].join('\n'),
  );
  await chmod(shim, 0o755);
  return bin;
}

/** Waits until the demo serves incidents and its archive's catalogue entry. */
async function whenReady(checkout: string, port: number, demo: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_WITHIN_MS;
  let last = 'nothing yet';
  while (Date.now() < deadline) {
    if (demo.exitCode !== null) throw new Error(`npm run demo exited (${demo.exitCode}) before it was ready`);
    try {
      const key = (await readFile(join(checkout, 'data', 'demo', 'secrets', 'demo-api-key'), 'utf8')).trim();
      const headers = { authorization: `Bearer ${key}` };
      const base = `http://127.0.0.1:${port}/v1`;
      const incidents = (await (await fetch(`${base}/incidents?limit=1`, { headers })).json()) as {
        features?: unknown[];
      };
      const exports = (await (await fetch(`${base}/exports`, { headers })).json()) as {
        files?: { table: string }[];
      };
      last = `${incidents.features?.length ?? 0} incidents, ${exports.files?.filter((f) => f.table === 'archive').length ?? 0} archive files`;
      if ((incidents.features?.length ?? 0) > 0 && exports.files?.some((file) => file.table === 'archive'))
        return;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error(`the demo was not ready within ${READY_WITHIN_MS / 1000} s (${last})`);
}

/** Runs one line in bash, in the checkout, with the environment so far; returns the one after it. */
function runLine(checkout: string, text: string, env: Record<string, string>): Promise<LineRun> {
  const envFile = join(checkout, '.doc-env');
  // `set -a`: a variable the line sets (HREF=…) stays for the next line, as in the reader's shell.
  const script = `set -a\n${text}\n__rc=$?\nenv -0 > '${envFile}'\nexit $__rc\n`;
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', script], { cwd: checkout, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // curl writes its status a character at a time: read stderr whole at the end.
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), LINE_LIMIT_MS);
    child.on('close', (code) => {
      clearTimeout(timer);
      const statuses = [...errors.matchAll(/::http (\d+)/g)].map((match) => Number(match[1]));
      const said = errors.replace(/::http \d+\n?/g, '');
      void readFile(envFile, 'utf8')
        .catch(() => '')
        .then((after) => resolve({ code, statuses, output: output + said, env: after ? envOf(after) : env }));
    });
  });
}

/** The environment `env -0` printed. */
function envOf(printed: string): Record<string, string> {
  return Object.fromEntries(
    printed
      .split('\0')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
}

/** Starts `npm run demo` in a scratch checkout, with ports of its own, and waits until it serves. */
export async function startDocDemo(): Promise<DocDemo> {
  const checkout = await scratchCheckout();
  const bin = await recordingCurl(checkout);
  const [port, temporalPort, uiPort] = [await freePort(), await freePort(), await freePort()];
  const base = Object.fromEntries(
    Object.entries(childEnvironment({})).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const env = {
    ...base,
    PATH: `${bin}:${base.PATH ?? ''}`,
    PORT: String(port),
    TEMPORAL_DEV_PORT: String(temporalPort),
    TEMPORAL_UI_PORT: String(uiPort),
  };
  const demo = spawn('npm', ['run', 'demo'], { cwd: checkout, env, detached: true, stdio: 'ignore' });
  try {
    await whenReady(checkout, port, demo);
  } catch (error) {
    await stopDemo(demo);
    throw error;
  }
  return {
    checkout,
    port,
    env,
    run: (text, lineEnv) => runLine(checkout, text, lineEnv),
    async stop() {
      await stopDemo(demo);
      await rm(checkout, { recursive: true, force: true });
    },
  };
}

/** Stops the demo as Ctrl-C would (its whole process group), then kills what is left. */
async function stopDemo(demo: ChildProcess): Promise<void> {
  if (demo.exitCode !== null || demo.pid === undefined) return;
  const exited = new Promise((resolve) => demo.once('exit', resolve));
  process.kill(-demo.pid, 'SIGINT');
  const killed = setTimeout(() => demo.pid !== undefined && process.kill(-demo.pid, 'SIGKILL'), 60_000);
  await exited;
  clearTimeout(killed);
}
