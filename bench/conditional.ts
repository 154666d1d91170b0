/**
 * Conditional polling (not a test): how often a client polling one state's list gets 304 while
 * other states change. A real HTTP client polls `/v1/incidents?state=tas` with If-None-Match after
 * every generation the writer publishes, as a poller every 10 s would on a day when a generation comes
 * about once a second; NSW changes in every generation, Tasmania in every `--tas-every`th.
 *
 * Figures, in one run: the share of Tasmania's polls answered 304 when Tasmania did not change (goal
 * ≥ 90 %), the share answered 200 when it did (must be 100 %: a 304 then would hide a change), the
 * same for a client polling NSW, and the baseline: the share a validator naming the generation
 * (before content ETags) would have answered 304 — none, as a generation comes between polls.
 *
 * Usage: npm run bench:conditional [-- --rounds 100 --tas-every 10 --incidents 2000]
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { listen } from '../api/listen.js';
import { FEED_CATALOGUE } from '../config/index.js';
import { ServingStore } from '../lake/serving/serving-store.js';
import type { IncidentRecord } from '../model/index.js';
import { publishNow } from '../warehouse/publisher.js';
import { Warehouse } from '../warehouse/warehouse.js';
import { benchApp } from './support/bench-app.js';
import { makeLiveRecords } from './support/live-records.js';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '100' },
    'tas-every': { type: 'string', default: '10' },
    incidents: { type: 'string', default: '2000' },
  },
});
const rounds = Number(values.rounds);
const tasEvery = Number(values['tas-every']);
const incidents = Number(values.incidents);
const GOAL_304 = 0.9;

const NSW = FEED_CATALOGUE.find((feed) => feed.state === 'nsw')!;
const TAS = FEED_CATALOGUE.find((feed) => feed.state === 'tas')!;

/** Tasmania's incidents: the same made-up fires moved south; `round` changes one of them when asked. */
function tasRecords(count: number, version: number): IncidentRecord[] {
  return makeLiveRecords(count, 0).map((record, i) => ({
    ...record,
    id: `tas-live-${i}`,
    feed_id: `tas-${i}`,
    state: 'tas',
    location_state: 'tas',
    agency: TAS.agency,
    latitude: -42 - i / 1000,
    longitude: 147 + i / 1000,
    geometry: `{"type":"Point","coordinates":[${147 + i / 1000},${-42 - i / 1000}]}`,
    title: i === 0 ? `Tasmanian fire, version ${version}` : record.title,
  }));
}

interface Tally {
  unchanged: number;
  unchanged304: number;
  changed: number;
  changed200: number;
}

/** A client polling one URL with If-None-Match, told whether its data changed since its last poll. */
class ConditionalPoller {
  readonly tally: Tally = { unchanged: 0, unchanged304: 0, changed: 0, changed200: 0 };
  private etag: string | undefined;

  constructor(
    private readonly url: string,
    private readonly token: string,
  ) {}

  async poll(changed: boolean): Promise<void> {
    const response = await fetch(this.url, {
      headers: {
        authorization: `Bearer ${this.token}`,
        'accept-encoding': 'gzip, br',
        ...(this.etag ? { 'if-none-match': this.etag } : {}),
      },
    });
    await response.arrayBuffer();
    if (response.status !== 200 && response.status !== 304)
      throw new Error(`${this.url}: ${response.status}`);
    if (response.status === 200) this.etag = response.headers.get('etag') ?? undefined;
    if (changed) {
      this.tally.changed++;
      if (response.status === 200) this.tally.changed200++;
    } else {
      this.tally.unchanged++;
      if (response.status === 304) this.tally.unchanged304++;
    }
  }
}

/** Waits until the store serves a generation after `before`: every poll reads the round's data. */
async function servingNext(store: ServingStore, before: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (store.current.generation === before) {
    if (Date.now() > deadline) throw new Error(`generation ${before} still served after 10 s`);
    await store.refresh();
    if (store.current.generation === before) await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const share = (part: number, whole: number) => (whole === 0 ? '—' : `${((100 * part) / whole).toFixed(1)} %`);

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'eids-bench-conditional-'));
  const warehouse = await Warehouse.open(join(dir, 'warehouse.duckdb'));
  const lakeDir = join(dir, 'lake');
  let poll = 0;
  const commit = async (feedKey: string, incoming: IncidentRecord[]) => {
    poll++;
    const polledAt = new Date(Date.parse('2026-11-20T00:00:00Z') + poll * 1000).toISOString();
    await warehouse.commit({
      feedKey,
      pollId: `poll-${poll}`,
      rawSha256: createHash('sha256').update(String(poll)).digest('hex'),
      incoming,
      polledAt,
      guarded: false,
    });
  };
  let tasVersion = 0;
  await commit(TAS.key, tasRecords(incidents / 10, tasVersion));
  await commit(NSW.key, makeLiveRecords(incidents, 0));
  await publishNow(warehouse, lakeDir);
  const store = await ServingStore.open(lakeDir);
  const { app, access, token } = await benchApp(store, dir);
  const server = await listen(app.fetch, '127.0.0.1', 0);
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const tas = new ConditionalPoller(`${base}/v1/incidents?state=tas`, token);
  const nsw = new ConditionalPoller(`${base}/v1/incidents?state=nsw`, token);
  await tas.poll(true);
  await nsw.poll(true);
  // The validator before content ETags named the generation: a poll could be 304 only when none came between.
  let generationKept = 0;
  let lastPolledGeneration = store.current.generation;
  const started = performance.now();
  for (let round = 1; round <= rounds; round++) {
    const before = store.current.generation;
    const tasChanges = round % tasEvery === 0;
    await commit(NSW.key, makeLiveRecords(incidents, round));
    if (tasChanges) await commit(TAS.key, tasRecords(incidents / 10, ++tasVersion));
    await publishNow(warehouse, lakeDir);
    await servingNext(store, before);
    if (store.current.generation === lastPolledGeneration) generationKept++;
    lastPolledGeneration = store.current.generation;
    await tas.poll(tasChanges);
    await nsw.poll(true);
  }
  const seconds = (performance.now() - started) / 1000;
  server.close();
  store.close();
  access.close();
  warehouse.close();
  await rm(dir, { recursive: true, force: true });

  const { unchanged, unchanged304, changed, changed200 } = tas.tally;
  console.log(
    `${rounds} generations (${incidents} NSW incidents, ${incidents / 10} in Tasmania, Tasmania changing every ${tasEvery}th) in ${seconds.toFixed(1)} s`,
  );
  console.log(
    `?state=tas, Tasmania unchanged: ${unchanged304}/${unchanged} answered 304 = ${share(unchanged304, unchanged)} (goal ≥ ${GOAL_304 * 100} %)`,
  );
  console.log(
    `?state=tas, Tasmania changed:   ${changed200}/${changed} answered 200 = ${share(changed200, changed)} (must be 100 %)`,
  );
  console.log(
    `?state=nsw, NSW changed:         ${nsw.tally.changed200}/${nsw.tally.changed} answered 200 = ${share(nsw.tally.changed200, nsw.tally.changed)}`,
  );
  console.log(
    `baseline, a validator naming the generation: ${generationKept}/${rounds} polls could have been 304 = ${share(generationKept, rounds)}`,
  );
  const met = unchanged304 / unchanged >= GOAL_304 && changed200 === changed;
  console.log(met ? 'goal met' : 'GOAL MISSED');
  if (!met) process.exitCode = 1;
}

await main();
