/**
 * Declaration lookups against LGA boundaries of full-resolution size. Only the simplified ABS LGA
 * 2023 set (~6,000 vertices) is on hand, so every edge is subdivided until the set holds at least
 * 500,000 vertices: the same shapes with the vertex count of a detailed file. Without ../shared the
 * stand-in grid is densified instead. Prints: index build time, point lookups per second on one core
 * (against a baseline that tests every polygon part without the spatial index, and against the
 * undensified set), postcode lookup p50/p99, and heap/RSS; then the declarations as served
 * (bench/declarations-serving.ts). Usage: npm run bench:declarations
 */
import { existsSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pointInPolygon from 'point-in-polygon-hao';
import {
  buildDeclarationDataset,
  lookupPoint,
  lookupPostcode,
  type DeclarationDataset,
} from '../declarations/index.js';
import { generateDrfaActivationsCsv } from '../replay/stand-ins/declarations/index.js';
import {
  buildLgaIndex,
  buildPostcodeDirectory,
  LGA_2023_TO_2022_CODES,
  parseAustralianPostcodesCsv,
  parseGnafLocalitiesCsv,
  parseGnafPostcodesCsv,
  readLgaGeoJson,
  type LgaBoundarySet,
  type PostcodeDirectory,
} from '../geo/index.js';
import { prng } from '../replay/random.js';
import { generateLgaGrid, generateLocalityTables } from '../replay/stand-ins/geo/index.js';
import type { Position } from '../model/index.js';
import { parseDrfaActivationsCsv } from '../sources/declarations/index.js';
import { SHARED_DIR } from '../replay/shared-samples.js';
import { benchDeclarationServing } from './declarations-serving.js';

const TARGET_VERTICES = 500_000;
const POINT_LOOKUPS = 200_000;
const BASELINE_LOOKUPS = 5_000;
const POSTCODE_LOOKUPS = 20_000;
const AS_AT = '2025-06-01';

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const gc = (globalThis as { gc?: () => void }).gc;

/** Subdivides a→b into `pieces`, computing from the ordered pair so neighbours' shared edges stay identical. */
function edge(a: Position, b: Position, pieces: number): Position[] {
  const forward = a[0] < b[0] || (a[0] === b[0] && a[1] <= b[1]);
  const [from, to] = forward ? [a, b] : [b, a];
  const points = Array.from({ length: pieces }, (_, i): Position => {
    const t = i / pieces;
    return [from[0] + (to[0] - from[0]) * t, from[1] + (to[1] - from[1]) * t];
  });
  return forward ? points : [to, ...points.slice(1).reverse()];
}

function densifyRing(ring: Position[], pieces: number): Position[] {
  const points = ring.slice(0, -1).flatMap((a, i) => edge(a, ring[i + 1] ?? a, pieces));
  const first = points[0];
  return first ? [...points, first] : points;
}

function densify(set: LgaBoundarySet, pieces: number): LgaBoundarySet {
  return {
    ...set,
    lgas: set.lgas.map((lga) => ({
      ...lga,
      geometry:
        lga.geometry.type === 'Polygon'
          ? { type: 'Polygon', coordinates: lga.geometry.coordinates.map((r) => densifyRing(r, pieces)) }
          : {
              type: 'MultiPolygon',
              coordinates: lga.geometry.coordinates.map((p) => p.map((r) => densifyRing(r, pieces))),
            },
    })),
  };
}

interface Inputs {
  label: string;
  boundaries: LgaBoundarySet;
  directoryInput: Omit<Parameters<typeof buildPostcodeDirectory>[0], 'index'>;
  /** Points spread like addresses: locality centres, jittered. */
  anchors: Position[];
  dataset: (
    lgas: ReturnType<typeof buildLgaIndex>['lgas'],
    directory: PostcodeDirectory,
  ) => DeclarationDataset;
}

function realInputs(): Inputs | undefined {
  const geo = `${SHARED_DIR}reference/geo/`;
  const drfa = `${SHARED_DIR}reference/declarations/nema_drfa_activation_history_by_location_2026-01-30.csv`;
  if (!existsSync(geo) || !existsSync(drfa)) return undefined;
  const gnafLocalities = parseGnafLocalitiesCsv(
    readFileSync(`${geo}gnaf_localities_au_joelkoen.csv`, 'utf8'),
  ).rows;
  const records = parseDrfaActivationsCsv(readFileSync(drfa, 'utf8')).records;
  return {
    label: 'ABS LGA 2023 simplified (../shared)',
    boundaries: readLgaGeoJson(readFileSync(`${geo}abs_lga_2023_simplified_gda94.geojson`, 'utf8'), {
      codeCrosswalk: LGA_2023_TO_2022_CODES,
    }),
    directoryInput: {
      gnafLocalities,
      gnafPostcodes: parseGnafPostcodesCsv(readFileSync(`${geo}gnaf_postcodes_au_joelkoen.csv`, 'utf8')).rows,
      postcodeLocalities: parseAustralianPostcodesCsv(
        readFileSync(`${geo}matthewproctor_australian_postcodes_2025-09.csv`, 'utf8'),
      ).rows,
    },
    anchors: gnafLocalities.map((l): Position => [l.longitude, l.latitude]),
    dataset: (lgas, directory) => buildDeclarationDataset({ records, lgas, localities: directory }),
  };
}

function standInInputs(): Inputs {
  const grid = generateLgaGrid({ columns: 20, rows: 20, cellDegrees: 0.2 });
  const tables = generateLocalityTables(grid, { localitiesPerLga: 8 });
  const gnafLocalities = parseGnafLocalitiesCsv(tables.gnafLocalitiesCsv).rows;
  const boundaries = readLgaGeoJson(grid.geojson);
  const refs = boundaries.lgas.map(({ code, name, jurisdiction }) => ({ code, name, jurisdiction }));
  const records = parseDrfaActivationsCsv(generateDrfaActivationsCsv(refs, { events: 800 }).csv).records;
  return {
    label: 'stand-in grid (../shared not found)',
    boundaries,
    directoryInput: {
      gnafLocalities,
      gnafPostcodes: parseGnafPostcodesCsv(tables.gnafPostcodesCsv).rows,
      postcodeLocalities: parseAustralianPostcodesCsv(tables.postcodeLocalitiesCsv).rows,
    },
    anchors: gnafLocalities.map((l): Position => [l.longitude, l.latitude]),
    dataset: (lgas, directory) => buildDeclarationDataset({ records, lgas, localities: directory }),
  };
}

function time<T>(run: () => T): { value: T; ms: number } {
  const started = performance.now();
  const value = run();
  return { value, ms: performance.now() - started };
}

const inputs = realInputs() ?? standInInputs();
const coarse = buildLgaIndex(inputs.boundaries);
const rings = inputs.boundaries.lgas.flatMap((lga) =>
  lga.geometry.type === 'Polygon' ? lga.geometry.coordinates : lga.geometry.coordinates.flat(),
);
// A ring of n vertices (closed) has n - 1 edges; cutting each into k pieces gives (n - 1)·k + 1.
const edges = rings.reduce((sum, ring) => sum + ring.length - 1, 0);
const pieces = Math.ceil((TARGET_VERTICES - rings.length) / edges);
console.log(
  `boundaries: ${inputs.label}, ${coarse.vertexCount.toLocaleString()} vertices in ${coarse.partCount} parts`,
);
console.log(
  `densified: every edge cut into ${pieces} pieces, so the shapes are the simplified ones with the vertex count of a detailed file`,
);

gc?.();
const before = process.memoryUsage();
const dense = densify(inputs.boundaries, pieces);
const built = time(() => buildLgaIndex(dense));
const index = built.value;
gc?.();
const afterIndex = process.memoryUsage();
console.log(
  `index build: ${built.ms.toFixed(0)} ms for ${index.vertexCount.toLocaleString()} vertices, ${index.partCount} parts`,
);

const random = prng(42);
const points: Position[] = Array.from({ length: POINT_LOOKUPS }, () => {
  const anchor = inputs.anchors[Math.floor(random() * inputs.anchors.length)] ?? [150, -30];
  return [anchor[0] + (random() - 0.5) * 0.05, anchor[1] + (random() - 0.5) * 0.05];
});

// Warm up, then time one core.
for (const [lng, lat] of points.slice(0, 5000)) index.lookup(lng, lat);
let found = 0;
const indexed = time(() => {
  for (const [lng, lat] of points) if (index.lookup(lng, lat).lgas.length > 0) found++;
});
const perSecond = (count: number, ms: number) => (count / ms) * 1000;
const indexedRate = perSecond(points.length, indexed.ms);

const ringWalk = buildLgaIndex(dense, { gridFromVertices: Infinity });
const ringWalkRun = time(() => {
  for (const [lng, lat] of points) ringWalk.lookup(lng, lat);
});
const ringWalkRate = perSecond(points.length, ringWalkRun.ms);

const coarseRun = time(() => {
  for (const [lng, lat] of points) coarse.lookup(lng, lat);
});
const coarseRate = perSecond(points.length, coarseRun.ms);

// Baseline: the same point-in-polygon test on every part, no spatial index.
const allRings = dense.lgas.flatMap((lga) =>
  lga.geometry.type === 'Polygon' ? [lga.geometry.coordinates] : lga.geometry.coordinates,
);
const scanned = time(() => {
  for (const [lng, lat] of points.slice(0, BASELINE_LOOKUPS)) {
    for (const rings of allRings) if (pointInPolygon([lng, lat], rings) !== false) break;
  }
});
const scanRate = perSecond(BASELINE_LOOKUPS, scanned.ms);

console.log(
  `point lookups (one core, ${points.length.toLocaleString()} points near G-NAF localities, ${((found / points.length) * 100).toFixed(1)}% in an LGA):`,
);
console.log(
  `  flatbush + cell grid + point-in-polygon-hao, densified: ${Math.round(indexedRate).toLocaleString()}/s`,
);
console.log(
  `  flatbush + point-in-polygon-hao (no cell grid):        ${Math.round(ringWalkRate).toLocaleString()}/s`,
);
console.log(
  `  same index, undensified (${coarse.vertexCount.toLocaleString()} vertices):            ${Math.round(coarseRate).toLocaleString()}/s`,
);
console.log(
  `  baseline, every part tested (no index at all):         ${Math.round(scanRate).toLocaleString()}/s`,
);
console.log(
  `  ratios: vs no cell grid ×${(indexedRate / ringWalkRate).toFixed(1)}; vs no index ×${(indexedRate / scanRate).toFixed(0)}; densified vs undensified ×${(indexedRate / coarseRate).toFixed(2)}`,
);

const directoryBuilt = time(() => buildPostcodeDirectory({ index, ...inputs.directoryInput }));
const directory = directoryBuilt.value;
const dataset = inputs.dataset(index.lgas, directory);
gc?.();
const afterAll = process.memoryUsage();
console.log(
  `postcode directory build (on the densified index): ${directoryBuilt.ms.toFixed(0)} ms, ${directory.postcodeCount} postcodes`,
);

const postcodes = Array.from({ length: 10_000 }, (_, n) => String(n).padStart(4, '0')).filter((p) =>
  directory.entry(p),
);
const durations: number[] = [];
for (let i = 0; i < POSTCODE_LOOKUPS; i += 1) {
  const postcode = postcodes[Math.floor(random() * postcodes.length)] ?? '2480';
  const started = process.hrtime.bigint();
  lookupPostcode(dataset, directory, { postcode, asAt: AS_AT });
  durations.push(Number(process.hrtime.bigint() - started) / 1000);
}
durations.sort((a, b) => a - b);
const quantile = (q: number) => durations[Math.floor(q * (durations.length - 1))] ?? 0;
console.log(
  `postcode lookups (full answer, ${POSTCODE_LOOKUPS.toLocaleString()} over ${postcodes.length} postcodes): p50 ${quantile(0.5).toFixed(1)} µs, p99 ${quantile(0.99).toFixed(1)} µs`,
);
const pointAnswers = time(() => {
  for (const [lng, lat] of points.slice(0, 20_000))
    lookupPoint(dataset, index, { latitude: lat, longitude: lng, asAt: AS_AT });
});
console.log(
  `point lookups with the full answer: ${Math.round(perSecond(20_000, pointAnswers.ms)).toLocaleString()}/s`,
);

console.log(
  `memory${gc ? '' : ' (run with --expose-gc for settled figures)'}: index heap +${mb(afterIndex.heapUsed - before.heapUsed)}, RSS ${mb(afterIndex.rss)}; with directory and dataset heap ${mb(afterAll.heapUsed)}, RSS ${mb(afterAll.rss)}`,
);

await benchDeclarationServing();
