import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childEnvironment, dataLayout } from '../../config/index.js';
import { findFreePort } from '../../runtime/ports.js';
import { recordRunningService } from '../../runtime/service-file.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

function archive(...args: string[]): Promise<Run> {
  return archiveWith({}, ...args);
}

/** The CLI with these settings over the test's environment, without a TEMPORAL_ADDRESS of its own. */
function archiveWith(settings: Record<string, string>, ...args: string[]): Promise<Run> {
  const { TEMPORAL_ADDRESS: _ignored, ...env } = childEnvironment({}, settings);
  return new Promise((resolve) => {
    execFile(
      TSX,
      [join(ROOT, 'scripts', 'archive.ts'), ...args],
      { cwd: ROOT, env },
      (error, stdout, stderr) => resolve({ status: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'archive-cli-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('npm run archive', () => {
  it('prints its usage for --help and exits 0', async () => {
    const run = await archive('--help');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/generate --rows <N> --out <FILE>/);
    expect(run.stdout).toMatch(/load <FILE> \[--format interchange\|aidr\]/);
    expect((await archive('load', '--help')).status).toBe(0);
  });

  // Each case is a process of its own: they run side by side.
  it.concurrent.each([
    [['import', 'x.csv'], /unknown command "import"/],
    [['load'], /expected one archive file, got 0/],
    [['load', 'a.csv', 'b.csv'], /expected one archive file, got 2/],
    [['load', 'x.csv', '--format', 'xml'], /--format must be one of interchange, aidr/],
    [['load', 'x.csv', '--source', 'Two Words'], /--source must be a lower-case name/],
    [['load', 'x.csv', '--format', 'aidr', '--streaming'], /AIDR files are always streamed/],
    [['status'], /expected one load id, got 0/],
    [['list', 'extra'], /list takes no arguments/],
    [['generate', '--rows', 'many', '--out', 'x.csv'], /--rows must be a whole number/],
    [['generate', '--rows', '10'], /--out is required/],
    [
      ['generate', '--rows', '10', '--out', 'x.txt', '--format', 'xlsx'],
      /--format must be one of csv, parquet/,
    ],
    [['generate', '--rows', '10', '--out', 'x.csv', '--colour', 'blue'], /Unknown option '--colour'/],
  ])('refuses %j with exit code 2, the reason and the usage, and no stack trace', async (args, reason) => {
    const run = await archive(...args);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(reason);
    expect(run.stderr).toMatch(/usage:/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it('generates the rows asked for', async () => {
    const out = join(dir, 'small.csv');
    const run = await archive('generate', '--rows', '25', '--out', out, '--seed', '4');
    expect(run.status).toBe(0);
    expect(run.stderr).toMatch(/Wrote 25 archive rows \(csv/);
    const lines = (await readFile(out, 'utf8')).trimEnd().split('\n');
    expect(lines.length).toBe(26);
    expect(lines[0]).toMatch(/^source_id,agency,state,event_type,title,event_start_date/);
  });

  it('reaches for the service running over DATA_DIR, and says in one line where that address came from when it does not answer', async () => {
    const dataDir = join(dir, 'running-service');
    const port = await findFreePort();
    await recordRunningService(dataDir, {
      pid: process.pid,
      temporalAddress: `127.0.0.1:${port}`,
      temporalNamespace: 'default',
      apiUrl: 'http://127.0.0.1:1',
      ingestTaskQueue: 'eids-ingest',
      warehouseTaskQueue: 'eids-warehouse',
      startedAt: new Date().toISOString(),
    });
    const run = await archiveWith({ DATA_DIR: dataDir }, 'list');
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(
      `archive list: cannot reach Temporal at 127.0.0.1:${port} (from ${dataLayout(dataDir).serviceFile}, the service running over ${dataDir}/ as pid ${process.pid}): nothing accepts connections there; is that service still starting, or stopping? Set TEMPORAL_ADDRESS=host:port to use another Temporal\n`,
    );
  });

  it('with no service running, names the default address and what to change: --demo or TEMPORAL_ADDRESS', async () => {
    const port = await findFreePort();
    const run = await archiveWith(
      { DATA_DIR: join(dir, 'no-service'), TEMPORAL_DEV_PORT: String(port) },
      'status',
      'archive-load-x',
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(
      new RegExp(
        `^archive status: cannot reach Temporal at 127\\.0\\.0\\.1:${port} \\(the default: no service is running over .*no-service/\\): nothing accepts connections there; .*--demo.*TEMPORAL_ADDRESS=host:port\n$`,
      ),
    );
  });

  it('reports a file it cannot write with exit code 1 and no stack trace', async () => {
    const run = await archive('generate', '--rows', '5', '--out', join(dir, 'missing', 'folder', 'x.csv'));
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^archive generate: ENOENT/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
