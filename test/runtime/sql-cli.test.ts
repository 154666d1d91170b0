import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeArchiveFile } from '../../replay/archive/generate.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');

function sql(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(TSX, [join(ROOT, 'scripts', 'sql.ts'), ...args], { encoding: 'utf8', cwd: ROOT });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('npm run sql: a DuckDB query without a separate duckdb CLI', () => {
  let dir: string;
  let parquet: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'eids-sql-cli-'));
    parquet = join(dir, 'archive.parquet');
    await writeArchiveFile({ rows: 200, seed: 5, out: parquet, format: 'parquet' });
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reads a Parquet file by path and prints the rows as a table under their column names', () => {
    const run = sql(
      `SELECT state, count(*) AS n FROM '${parquet}' GROUP BY state ORDER BY n DESC, state LIMIT 3`,
    );
    expect(run.status, run.stderr).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^state\s+n$/);
    expect(lines).toHaveLength(4);
    expect(lines.slice(1).every((line) => /^(nsw|vic|qld|sa|wa|tas|nt|act)\s+"?\d+"?$/.test(line))).toBe(
      true,
    );
    expect(run.stderr).toBe('(3 rows)\n');
  });

  it('says what is wrong with a query in one line, exit 1; no query is a usage mistake, exit 2', () => {
    const bad = sql(`SELECT nothing FROM '${join(dir, 'missing.parquet')}'`);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/^sql: .*missing\.parquet/);
    expect(bad.stderr).not.toMatch(/\n\s+at /);
    const none = sql();
    expect(none.status).toBe(2);
    expect(none.stderr).toMatch(/usage:\n {2}npm run -s sql -- "<SQL>"/);
  });
});
