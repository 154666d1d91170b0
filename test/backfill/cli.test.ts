import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { childEnvironment } from '../../config/index.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');

function backfill(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(TSX, [join(ROOT, 'scripts', 'backfill.ts'), ...args], {
    encoding: 'utf8',
    cwd: ROOT,
    // Nowhere to connect to: a run that got past its arguments fails on this, never starts anything.
    env: childEnvironment({}, { TEMPORAL_ADDRESS: '127.0.0.1:1' }),
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('npm run backfill', () => {
  it('prints its usage for --help and exits 0', () => {
    const run = backfill('--help');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/reparse --feed <KEY> --from <YYYY-MM-DD> --to <YYYY-MM-DD> \[--detach\]/);
    expect(backfill('reparse', '--help').status).toBe(0);
  });

  it.each([
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
  ])('refuses %j with exit code 2, the reason and the usage, and no stack trace', (args, reason) => {
    const run = backfill(...args);
    expect(run.status).toBe(2);
    expect(run.stderr + run.stdout).toMatch(reason);
    expect(run.stderr + run.stdout).toMatch(/usage:/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it('says in one line, exit 1, when the service cannot be reached', () => {
    const run = backfill(
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
