/**
 * The declarations as served: one refresh of the sources from their files (fetch, parse, publish to
 * the lake), the API process's geography and record load, then lookups through the HTTP app (key
 * check, validation, JSON) against the same lookups called directly, the baseline of the same run.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createDeclarationIngestActivities,
  createDeclarationWarehouseActivities,
} from '../activities/index.js';
import { issueKey } from '../api/access/issue.js';
import { SqliteAccessStore } from '../api/access/sqlite-store.js';
import { createApp } from '../api/app.js';
import { CursorCodec } from '../api/cursor.js';
import { DeclarationStore } from '../api/declarations/declaration-store.js';
import { geographyFiles, loadServedGeography } from '../api/declarations/geography.js';
import { ServingStore } from '../lake/serving/serving-store.js';
import { dataLayout, parseSettings } from '../config/index.js';
import { capIssuerFromSettings } from '../exports/cap/issuer.js';
import { lookupPoint, lookupPostcode } from '../declarations/index.js';
import { STAND_IN_FILE_NAMES, standInDeclarationFiles } from '../replay/stand-ins/declarations/index.js';
import { prng } from '../replay/random.js';
import { SHARED_DIR } from '../replay/shared-samples.js';
import { Warehouse } from '../warehouse/warehouse.js';

const REQUESTS = 5_000;
const AS_AT = '2025-06-01';

async function inputs(dir: string): Promise<{ label: string; env: Record<string, string> }> {
  const geo = join(SHARED_DIR, 'reference', 'geo');
  const drfa = join(
    SHARED_DIR,
    'reference',
    'declarations',
    'nema_drfa_activation_history_by_location_2026-01-30.csv',
  );
  if (existsSync(geo) && existsSync(drfa)) {
    return {
      label: 'the real DRFA history (5,993 rows) and simplified ABS boundaries (../shared)',
      env: {
        DECLARATIONS_BOUNDARIES: join(geo, 'abs_lga_2023_simplified_gda94.geojson'),
        DECLARATIONS_GNAF_LOCALITIES: join(geo, 'gnaf_localities_au_joelkoen.csv'),
        DECLARATIONS_GNAF_POSTCODES: join(geo, 'gnaf_postcodes_au_joelkoen.csv'),
        DECLARATIONS_POSTCODE_LOCALITIES: join(geo, 'matthewproctor_australian_postcodes_2025-09.csv'),
        DECLARATIONS_DRFA_SOURCE: drfa,
        DECLARATIONS_NSW_PAGES: 'none',
      },
    };
  }
  for (const [name, text] of Object.entries(standInDeclarationFiles()))
    await writeFile(join(dir, name), text);
  const path = (name: string) => join(dir, name);
  return {
    label: 'stand-in inputs',
    env: {
      DECLARATIONS_BOUNDARIES: path(STAND_IN_FILE_NAMES.boundaries),
      DECLARATIONS_GNAF_LOCALITIES: path(STAND_IN_FILE_NAMES.gnafLocalities),
      DECLARATIONS_GNAF_POSTCODES: path(STAND_IN_FILE_NAMES.gnafPostcodes),
      DECLARATIONS_POSTCODE_LOCALITIES: path(STAND_IN_FILE_NAMES.postcodeLocalities),
      DECLARATIONS_DRFA_SOURCE: path(STAND_IN_FILE_NAMES.drfaActivations),
      DECLARATIONS_NSW_PAGES: path(STAND_IN_FILE_NAMES.nswRegister),
    },
  };
}

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await run();
  return { value, ms: performance.now() - started };
}

const quantile = (sorted: number[], q: number) => sorted[Math.floor(q * (sorted.length - 1))] ?? 0;

export async function benchDeclarationServing(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'eids-bench-declarations-'));
  const { label, env } = await inputs(dir);
  const settings = parseSettings({ DATA_DIR: dir, ...env });
  const layout = dataLayout(dir);
  const warehouse = await Warehouse.open(layout.warehouseFile);
  const access = SqliteAccessStore.open(':memory:');
  let store: ServingStore | undefined;
  try {
    console.log(`\nserving (${label}):`);
    const ingest = createDeclarationIngestActivities({ settings });
    const publisher = createDeclarationWarehouseActivities({
      dataDir: dir,
      lakeDir: layout.lakeDir,
      warehouse,
    });
    for (const source of await ingest.declarationSources()) {
      const fetched = await timed(() => ingest.fetchDeclarationSource({ source }));
      const parsed = await timed(() => ingest.parseDeclarationSource(fetched.value));
      const published = await timed(() => publisher.publishDeclarationSource(parsed.value));
      console.log(
        `  refresh ${source}: fetch ${fetched.ms.toFixed(0)} ms, parse ${parsed.ms.toFixed(0)} ms, publish ${published.ms.toFixed(0)} ms (${parsed.value.records.toLocaleString()} records)`,
      );
    }
    const geography = await timed(() => loadServedGeography(geographyFiles(settings)!));
    store = await ServingStore.open(layout.lakeDir);
    const declarations = new DeclarationStore(store, layout.lakeDir, Promise.resolve(geography.value));
    const load = await timed(() => declarations.current());
    const loaded = load.value;
    if ('unavailable' in loaded) throw new Error(loaded.unavailable);
    console.log(
      `  API process start: geography ${geography.ms.toFixed(0)} ms (once per boundary version), records from the lake and their indexes ${load.ms.toFixed(0)} ms (once per generation)`,
    );

    const { token } = await issueKey(
      access,
      { tier: 'enterprise', entitlements: ['declarations'] },
      new Date(),
    );
    const app = createApp({
      store,
      keys: access,
      quota: access,
      feedHealth: { read: () => Promise.resolve([]) },
      catalogue: [],
      cursors: new CursorCodec('bench-cursor-secret'),
      cap: capIssuerFromSettings(settings, []),
      version: 'bench',
      startedAt: new Date(),
      now: () => new Date(),
      declarations,
    });
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const random = prng(7);
    const placed = loaded.geography.directory;
    const postcodes = Array.from({ length: 10_000 }, (_, n) => String(n).padStart(4, '0')).filter((p) =>
      placed.entry(p),
    );
    const lgaCodes = [...loaded.geography.index.lgas.keys()];
    const points = Array.from({ length: REQUESTS }, () => {
      const ring = loaded.geography.index.outerRings(
        lgaCodes[Math.floor(random() * lgaCodes.length)] ?? '',
      )[0];
      const vertex = ring?.[Math.floor(random() * ring.length)] ?? [150, -30];
      return { lng: vertex[0] + (random() - 0.5) * 0.02, lat: vertex[1] + (random() - 0.5) * 0.02 };
    });
    const chosen = Array.from(
      { length: REQUESTS },
      () => postcodes[Math.floor(random() * postcodes.length)] ?? '2480',
    );

    const direct = await timed(() => {
      for (const { lat, lng } of points)
        lookupPoint(loaded.dataset, loaded.geography.index, { latitude: lat, longitude: lng, asAt: AS_AT });
      return Promise.resolve();
    });
    const http = await timed(async () => {
      for (const { lat, lng } of points) {
        const response = await app.request('/v1/declarations/point', {
          method: 'POST',
          headers,
          body: JSON.stringify({ lat, lng, as_at: AS_AT }),
        });
        await response.arrayBuffer();
      }
    });
    // The fixed cost of any keyed request (key, quota, headers): the cheapest declaration answer.
    const keyed = await timed(async () => {
      for (let i = 0; i < REQUESTS; i += 1) {
        const response = await app.request('/v1/declarations/agrn/999999', { headers });
        await response.arrayBuffer();
      }
    });
    const rate = (ms: number) => Math.round((REQUESTS / ms) * 1000);
    console.log(
      `  a keyed 404 (GET /v1/declarations/agrn/999999), the floor of any request: ${rate(keyed.ms).toLocaleString()}/s`,
    );
    console.log(
      `  POST /v1/declarations/point: ${rate(http.ms).toLocaleString()}/s through the app vs ${rate(direct.ms).toLocaleString()}/s called directly (×${(direct.ms / http.ms).toFixed(2)})`,
    );

    const directTimes: number[] = [];
    for (const postcode of chosen) {
      const started = performance.now();
      lookupPostcode(loaded.dataset, placed, { postcode, asAt: AS_AT });
      directTimes.push((performance.now() - started) * 1000);
    }
    const httpTimes: number[] = [];
    for (const postcode of chosen) {
      const started = performance.now();
      const response = await app.request(`/v1/declarations/postcode/${postcode}?as_at=${AS_AT}`, { headers });
      await response.arrayBuffer();
      httpTimes.push((performance.now() - started) * 1000);
    }
    directTimes.sort((a, b) => a - b);
    httpTimes.sort((a, b) => a - b);
    console.log(
      `  GET /v1/declarations/postcode: p50 ${quantile(httpTimes, 0.5).toFixed(0)} µs, p99 ${quantile(httpTimes, 0.99).toFixed(0)} µs through the app; called directly p50 ${quantile(directTimes, 0.5).toFixed(0)} µs, p99 ${quantile(directTimes, 0.99).toFixed(0)} µs`,
    );
  } finally {
    store?.close();
    access.close();
    warehouse.close();
    await rm(dir, { recursive: true, force: true });
  }
}
