/**
 * Cost of the static CAP feed at commit time (not a test): a warehouse with N generated NSW incidents,
 * then the time to publish the serving Parquet (the baseline every commit already pays) next to the
 * time to write the whole CAP Atom feed, and the feed's size. Usage: npm run bench:cap-export [-- --incidents 5000]
 */
import { commitGeneratedNsw } from './support/generated-nsw.js';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { publishCapFeed } from '../warehouse/publish-cap.js';
import { publishNow } from '../warehouse/publisher.js';
import { Warehouse } from '../warehouse/warehouse.js';
import { FEED_CATALOGUE, parseSettings } from '../config/index.js';
import { capIssuerFromSettings } from '../exports/cap/issuer.js';

const { values } = parseArgs({ options: { incidents: { type: 'string', default: '5000' } } });
const count = Number(values.incidents);
const RUNS = 5;

const dir = await mkdtemp(join(tmpdir(), 'eids-bench-cap-'));
const warehouse = await Warehouse.open(join(dir, 'warehouse.duckdb'));
try {
  const records = await commitGeneratedNsw(warehouse, count, 1);
  const settings = parseSettings({});
  const issuer = capIssuerFromSettings(settings, FEED_CATALOGUE);
  const file = join(dir, 'exports', 'cap', 'incidents.atom');

  const time = async (run: () => Promise<unknown>) => {
    const samples: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await run();
      samples.push(performance.now() - started);
    }
    return samples.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
  };
  const parquetMs = await time(() => publishNow(warehouse, join(dir, 'serving')));
  let entries = 0;
  const capMs = await time(async () => {
    entries = await publishCapFeed(warehouse.db, { file, issuer, baseUrl: '', now: new Date() });
  });
  const size = (await stat(file)).size;
  console.log(`${records.length} records (${count} generated incidents), median of ${RUNS} runs`);
  console.log(`publish serving Parquet (baseline): ${parquetMs.toFixed(0)} ms`);
  console.log(
    `write the CAP Atom feed: ${capMs.toFixed(0)} ms (${(capMs / parquetMs).toFixed(2)}× the baseline), ${entries} entries, ${(size / 1024 / 1024).toFixed(1)} MiB`,
  );
} finally {
  warehouse.close();
  await rm(dir, { recursive: true, force: true });
}
