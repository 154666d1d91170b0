import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { childEnvironment } from '../../config/index.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

function backfill(...args: string[]): Promise<Run> {
  // Nowhere to connect to: a run that got past its arguments fails on this, never starts anything.
  const env = childEnvironment({}, { TEMPORAL_ADDRESS: '127.0.0.1:1' });
  return new Promise((resolve) => {
    execFile(
      TSX,
      [join(ROOT, 'scripts', 'backfill.ts'), ...args],
      { cwd: ROOT, env },
      (error, stdout, stderr) => resolve({ status: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('npm run backfill', () => {
  it('prints its usage for --help and exits 0', async () => {
    const run = await backfill('--help');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/reparse --feed <KEY> --from <YYYY-MM-DD> --to <YYYY-MM-DD> \[--detach\]/);
    expect((await backfill('reparse', '--help')).status).toBe(0);
  });

  // Each case is a process of its own: they run side by side.
  it.concurrent.each([
    [[], /usage:/],
    [['redo'], /unknown command "redo"/],
    [['reparse', '--from', '2026-05-01', '--to', '2026-05-02'], /--feed is required/],
    [
      ['reparse', '--feed', 'nowhere', '--from', '2026-05-01', '--to', '2026-05-02'],
      /--feed must be a catalogue key/,
    ],
    [
      ['reparse', '--feed', 'nsw-rfs-major-incidents', '--from', '2026-02-30', '--to', '2026-05-02'],
      /--from must be a day as YYYY-MM-DD/,
    ],
    [
      ['reparse', '--feed', 'nsw-rfs-major-incidents', '--from', '2026-05-02', '--to', '2026-05-01'],
      /--to \(2026-05-01\) is before --from/,
    ],
    [['reparse', '--feed', 'nsw-rfs-major-incidents', '--from', '2026-05-01'], /--to is required/],
    [
      [
        'reparse',
        '--feed',
        'nsw-rfs-major-incidents',
        '--from',
        '2026-05-01',
        '--to',
        '2026-05-01',
        '--force',
      ],
      /Unknown option '--force'/,
    ],
    [['cancel'], /expected one backfill id, got 0/],
  ])('refuses %j with exit code 2, the reason and the usage, and no stack trace', async (args, reason) => {
    const run = await backfill(...args);
    expect(run.status).toBe(2);
    expect(run.stderr + run.stdout).toMatch(reason);
    expect(run.stderr + run.stdout).toMatch(/usage:/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it('says in one line, exit 1, when the service cannot be reached', async () => {
    const run = await backfill(
      'reparse',
      '--feed',
      'nsw-rfs-major-incidents',
      '--from',
      '2026-05-01',
      '--to',
      '2026-05-01',
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(
      /^backfill reparse: cannot reach Temporal at 127\.0\.0\.1:1 \(set by TEMPORAL_ADDRESS\): nothing accepts connections there; .*Change TEMPORAL_ADDRESS/,
    );
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
