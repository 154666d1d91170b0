/**
 * Cost of loading a large archive (not a test). Generates N interchange rows (default 4.8 M, the
 * archive's size), then times, in the same run and with the same DuckDB settings:
 *   baseline   DuckDB's own COPY (SELECT * FROM read_csv(...)) TO ... (FORMAT parquet)
 *   layout     the same COPY sorted by state and start date, ZSTD, partitioned by state: the share of
 *              the cost that the lake's layout alone asks for, with no checking or mapping
 *   bulk       loadArchiveBulk: the interchange rules in SQL, partitioned, sorted, ZSTD Parquet
 *   streaming  readArchiveCsv: csv-parse and the TypeScript mapping only (nothing written)
 *   workflow   the archiveLoad workflow in bulk mode on a Temporal dev server, with the service's
 *              warehouse and ingest workers in this process: the bulk load plus staging, moving the
 *              files into the lake, checksums and the publish (skipped without the Temporal CLI)
 * and prints rows/s, wall and CPU time (the machine is shared: CPU time is the steadier figure), the
 * bulk/baseline ratio against the goal (≤ 120 s and ≤ 1.5× the baseline), and sizes on disk. Streaming
 * is linear in rows, so it reads the first --streaming-rows rows (default 500,000) of the same file;
 * the workflow's streaming mode (staged, checkpointed batches) loads a file of that many rows.
 * Usage: npm run bench:archive [-- --rows 200000] [--streaming-rows 100000] [--threads 2] [--no-workflow]
 */
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { DuckDBInstance } from '@duckdb/node-api';
import { generatedPlacesLocator } from '../replay/archive/places.js';
import { writeArchiveFile } from '../replay/archive/generate.js';
import { readArchiveCsv } from '../sources/archive/index.js';
import { loadArchiveBulk } from '../warehouse/archive/bulk-load.js';
import { timeArchiveWorkflow } from './support/archive-workflow.js';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '4800000' },
    seed: { type: 'string', default: '1' },
    threads: { type: 'string', default: '2' },
    'memory-limit': { type: 'string', default: '6GB' },
    'streaming-rows': { type: 'string', default: '500000' },
    'no-workflow': { type: 'boolean', default: false },
  },
});
const rows = Number(values.rows);
const threads = Number(values.threads);
const memoryLimit = values['memory-limit'];

const seconds = (from: number): number => (performance.now() - from) / 1000;
const cpuSeconds = (from: NodeJS.CpuUsage): number => {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1e6;
};
const perSecond = (count: number, time: number): string =>
  `${Math.round(count / time).toLocaleString('en-AU')} rows/s`;
const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`;

const dir = await mkdtemp(join(tmpdir(), 'eids-bench-archive-'));
try {
  const input = join(dir, 'archive.csv');
  let started = performance.now();
  const generated = await writeArchiveFile({ rows, seed: Number(values.seed), out: input, format: 'csv' });
  console.log(
    `generate   ${rows.toLocaleString('en-AU')} rows, ${mb(generated.bytes)} CSV in ${seconds(started).toFixed(1)} s`,
  );

  const baselineFile = join(dir, 'baseline.parquet');
  const instance = await DuckDBInstance.create(':memory:', {
    threads: String(threads),
    memory_limit: memoryLimit,
  });
  const connection = await instance.connect();
  started = performance.now();
  let cpu = process.cpuUsage();
  await connection.run(`COPY (SELECT * FROM read_csv('${input}')) TO '${baselineFile}' (FORMAT parquet)`);
  const baselineTime = seconds(started);
  const baselineCpu = cpuSeconds(cpu);
  const baselineBytes = (await stat(baselineFile)).size;
  console.log(
    `baseline   ${baselineTime.toFixed(1)} s (CPU ${baselineCpu.toFixed(1)} s), ${perSecond(rows, baselineTime)}, ${mb(baselineBytes)} (one unsorted file, default codec)`,
  );
  // The same COPY asked for the lake's layout: what sorting, ZSTD and partitioning alone cost.
  started = performance.now();
  cpu = process.cpuUsage();
  await connection.run(
    `COPY (SELECT * FROM read_csv('${input}') ORDER BY state, event_start_date)
     TO '${join(dir, 'layout')}' (FORMAT parquet, COMPRESSION zstd, PARTITION_BY (state))`,
  );
  const layoutTime = seconds(started);
  console.log(
    `layout     ${layoutTime.toFixed(1)} s (CPU ${cpuSeconds(cpu).toFixed(1)} s), ${perSecond(rows, layoutTime)}: the same COPY sorted by state and start, ZSTD, ` +
      `partitioned by state (${(layoutTime / baselineTime).toFixed(2)}× the baseline)`,
  );
  connection.closeSync();
  instance.closeSync();

  started = performance.now();
  cpu = process.cpuUsage();
  const steps: string[] = [];
  const bulk = await loadArchiveBulk({
    input,
    outDir: join(dir, 'archive'),
    locator: generatedPlacesLocator(),
    loadedAt: new Date().toISOString(),
    threads,
    memoryLimit,
    tempDirectory: join(dir, 'spill'),
    onStep: (step, took) => steps.push(`${step} ${took.toFixed(1)} s`),
  });
  const bulkTime = seconds(started);
  const bulkCpu = cpuSeconds(cpu);
  const bulkBytes = bulk.files.reduce((sum, file) => sum + file.bytes, 0);
  const rowGroups = bulk.files.reduce((sum, file) => sum + file.rowGroups, 0);
  console.log(
    `bulk       ${bulkTime.toFixed(1)} s (CPU ${bulkCpu.toFixed(1)} s), ${perSecond(rows, bulkTime)}, ${mb(bulkBytes)} in ${bulk.files.length} files, ` +
      `${rowGroups} row groups (${Math.round(bulk.records / rowGroups).toLocaleString('en-AU')} rows each on average), ` +
      `${bulk.records.toLocaleString('en-AU')} records, ${bulk.problems.rejectedRows} rejected`,
  );
  console.log(`steps      ${steps.join(', ')}`);
  const ratio = bulkTime / baselineTime;
  console.log(
    `ratio      bulk / baseline = ${ratio.toFixed(2)}× wall, ${(bulkCpu / baselineCpu).toFixed(2)}× CPU ` +
      `(goal ≤ 1.5×: ${ratio <= 1.5 ? 'met' : 'NOT met'}); bulk ${bulkTime <= 120 ? '≤' : '>'} 120 s (${bulkTime <= 120 ? 'met' : 'NOT met'}); ` +
      `bulk / layout = ${(bulkTime / layoutTime).toFixed(2)}×`,
  );
  const verify = await DuckDBInstance.create(':memory:', { threads: String(threads) });
  const check = await verify.connect();
  const unsorted = await check.runAndReadAll(
    `SELECT count(*) FILTER (WHERE event_start_date < previous)::INTEGER AS n FROM (
       SELECT event_start_date, lag(event_start_date) OVER (PARTITION BY filename ORDER BY file_row_number) AS previous
       FROM read_parquet('${join(dir, 'archive')}/*/*.parquet', filename = true, file_row_number = true, hive_partitioning = false))`,
  );
  check.closeSync();
  verify.closeSync();
  console.log(
    `check      rows out of start-date order within a file: ${(unsorted.getRowObjectsJS() as { n: number }[])[0]?.n ?? 'none'}`,
  );

  const streamingRows = Math.min(rows, Number(values['streaming-rows']));
  if (streamingRows > 0) {
    started = performance.now();
    cpu = process.cpuUsage();
    let read = 0;
    for await (const batch of readArchiveCsv((start) => createReadStream(input, { start }), {
      format: 'interchange',
      batchSize: 10_000,
      context: { locator: generatedPlacesLocator(), loadedAt: new Date().toISOString() },
    })) {
      read += batch.rowsRead;
      if (read >= streamingRows) break;
    }
    const streamingTime = seconds(started);
    const projected = (streamingTime / read) * rows;
    console.log(
      `streaming  ${read.toLocaleString('en-AU')} rows in ${streamingTime.toFixed(1)} s (CPU ${cpuSeconds(cpu).toFixed(1)} s), ${perSecond(read, streamingTime)}, ` +
        `parse and map only: ${projected.toFixed(0)} s for all ${rows.toLocaleString('en-AU')} rows, ${(projected / bulkTime).toFixed(1)}× the whole bulk load`,
    );
  }

  if (!values['no-workflow']) {
    const workflow = await timeArchiveWorkflow({
      dir,
      input,
      streamingRows: Math.min(rows, Number(values['streaming-rows'])),
    });
    if (!workflow) {
      console.log('workflow   skipped: no Temporal CLI (npm run setup installs it)');
    } else {
      console.log(
        `workflow   bulk ${workflow.bulk.seconds.toFixed(1)} s (CPU ${workflow.bulk.cpu.toFixed(1)} s in this process), ${perSecond(rows, workflow.bulk.seconds)}, ` +
          `${workflow.bulk.records.toLocaleString('en-AU')} records in ${workflow.bulk.files} files; ${(workflow.bulk.seconds / bulkTime).toFixed(2)}× the bare bulk load, ` +
          `${(workflow.bulk.seconds / baselineTime).toFixed(2)}× the baseline`,
      );
      console.log(
        `workflow   streaming ${workflow.streaming.rows.toLocaleString('en-AU')} rows in ${workflow.streaming.seconds.toFixed(1)} s, ${perSecond(workflow.streaming.rows, workflow.streaming.seconds)} ` +
          `(read, map, stage as NDJSON, checkpoint; then sort and write the lake files)`,
      );
    }
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
