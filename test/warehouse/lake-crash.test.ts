import { DuckDBInstance } from '@duckdb/node-api';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesOf, readManifest } from '../../lake/manifest.js';
import { finishPublication } from '../../warehouse/publication.js';
import { Warehouse } from '../../warehouse/warehouse.js';

const CHILD = fileURLToPath(new URL('../support/lake-writer-child.ts', import.meta.url));

/** Runs the writer child until it has printed `ready` and worked for `ms`, then SIGKILLs it. */
async function runAndKill(dir: string, start: number, ms: number): Promise<void> {
  // node itself (tsx as a loader), so the SIGKILL reaches the process that holds the warehouse.
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dir, String(start)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (String(chunk).includes('ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`writer exited early (${code})`)));
  });
  await new Promise((resolve) => setTimeout(resolve, ms));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

describe('a writer killed mid-publish or mid-compaction (real process, SIGKILL)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'eids-crash-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('always leaves a valid manifest whose files hold every settled version exactly once', async () => {
    // Several kills at different moments of the commit → publish → compact loop.
    for (const [round, ms] of [700, 1300, 2100, 900].entries()) await runAndKill(dir, round * 1000, ms);

    const warehouse = await Warehouse.open(join(dir, 'warehouse.duckdb'));
    try {
      await warehouse.exclusive(() => finishPublication(warehouse.db, join(dir, 'lake')));
      const manifest = await readManifest(join(dir, 'lake'));
      expect(manifest).toBeDefined();
      const files = filesOf(manifest, 'incident_versions');
      expect(files.length).toBeGreaterThan(0);
      for (const file of [...files, ...filesOf(manifest, 'incidents_live')]) {
        const bytes = await readFile(join(dir, 'lake', file.path));
        expect(createHash('sha256').update(bytes).digest('hex'), file.path).toBe(file.sha256);
        expect(bytes.length).toBe(file.bytes);
      }
      // Every version the warehouse settled and published is in the lake once: none lost, none twice.
      const settled = await warehouse.db.runAndReadAll(
        `SELECT count(*)::INTEGER AS n FROM incident_version
         WHERE NOT EXISTS (SELECT 1 FROM lake_pending p WHERE p.id = incident_version.id AND p.version = incident_version.version)`,
      );
      const reader = await DuckDBInstance.create(':memory:');
      const connection = await reader.connect();
      try {
        const list = files.map((file) => `'${join(dir, 'lake', file.path)}'`).join(', ');
        const lake = await connection.runAndReadAll(
          `SELECT count(*)::INTEGER AS rows, count(DISTINCT (id, version, coalesce(valid_to::VARCHAR, '')))::INTEGER AS distinct_rows
           FROM read_parquet([${list}])`,
        );
        const [{ rows, distinct_rows }] = lake.getRowObjectsJS() as [{ rows: number; distinct_rows: number }];
        expect(rows).toBe(distinct_rows);
        expect(rows).toBe(settled.getRowObjectsJS()[0]?.n);
        const perFile = files.reduce((sum, file) => sum + file.rows, 0);
        expect(perFile).toBe(rows);
      } finally {
        connection.closeSync();
        reader.closeSync();
      }
    } finally {
      warehouse.close();
    }
  }, 120_000);
});
