import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IncidentGeometry, IncidentRecord, Position } from '../../model/index.js';
import { publishNow } from '../../warehouse/publisher.js';
import { Warehouse } from '../../warehouse/warehouse.js';
import { makeRecord } from './incidents.js';

/**
 * A lake written by the warehouse's own commits and publishes whose incidents have every kind of
 * geometry (points, polygons, multipolygons, none) across New South Wales, with times in both of its
 * offsets: a first poll in winter (+10:00), then a summer poll (+11:00) that changes half of them and
 * drops a fifth (retractions), so the lake holds a live file and settled versions in two months.
 */
export interface GeometryLake {
  dir: string;
  lakeDir: string;
  warehouse: Warehouse;
  close(): Promise<void>;
}

const FEED = 'nsw-rfs-major-incidents';
const INCIDENTS = 240;

/** A square of half-side `r` degrees around a point: a ring, closed. */
function square([x, y]: Position, r: number): Position[] {
  return [
    [x - r, y - r],
    [x + r, y - r],
    [x + r, y + r],
    [x - r, y + r],
    [x - r, y - r],
  ];
}

/** The geometry of incident `index`: its point, a polygon or a multipolygon around it, or none. */
function shapeOf(index: number, point: Position): IncidentGeometry | null {
  switch (index % 5) {
    case 0:
    case 1:
      return { type: 'Point', coordinates: point };
    case 2:
      return { type: 'Polygon', coordinates: [square(point, 0.05), square(point, 0.01)] };
    case 3: {
      const beside: Position = [point[0] + 0.3, point[1]];
      return { type: 'MultiPolygon', coordinates: [[square(point, 0.05)], [square(beside, 0.02)]] };
    }
    default:
      return null;
  }
}

/** Incident `index` as a winter or a summer poll lists it (a summer poll changes its status and times). */
export function geometryIncident(index: number, season: 'winter' | 'summer'): IncidentRecord {
  // Spread over NSW, with full-precision coordinates.
  const point: Position = [
    141 + ((index * 7.31) % 12) + index / 997,
    -29 - ((index * 3.17) % 8) - index / 991,
  ];
  const offset = season === 'winter' ? '+10:00' : '+11:00';
  const day = season === 'winter' ? '2026-06-10' : '2026-11-20';
  const geometry = shapeOf(index, point);
  return makeRecord(String(index), {
    geometry,
    status: season === 'winter' ? 'active' : 'contained',
    location: {
      address: `${index} Example Rd`,
      suburb: 'Sampleton',
      state: 'nsw',
      lga: 'Example Shire',
      // The point is the geometry's centre, and there is none without a geometry.
      ...(geometry ? { latitude: point[1], longitude: point[0], precision: 'exact' as const } : {}),
    },
    timestamps: {
      reported: `2026-06-0${1 + (index % 9)}T0${index % 10}:${String(index % 60).padStart(2, '0')}:07+10:00`,
      updated: `${day}T09:${String(index % 60).padStart(2, '0')}:00${offset}`,
      fetched: `${day}T10:00:00${offset}`,
    },
  });
}

/** Commits one poll of the feed, then publishes at the poll's time (its retractions then current). */
export async function pollAndPublish(
  warehouse: Warehouse,
  lakeDir: string,
  records: IncidentRecord[],
  polledAt: string,
): Promise<void> {
  await warehouse.commit({
    feedKey: FEED,
    pollId: `poll@${polledAt}`,
    rawSha256: 'a'.repeat(64),
    incoming: records,
    polledAt,
    guarded: false,
  });
  await publishNow(warehouse, lakeDir, { now: () => new Date(polledAt) });
}

export const GEOMETRY_LAKE_INCIDENTS = INCIDENTS;

export async function geometryLake(): Promise<GeometryLake> {
  const dir = await mkdtemp(join(tmpdir(), 'eids-geometry-lake-'));
  const lakeDir = join(dir, 'lake');
  const warehouse = await Warehouse.open(join(dir, 'warehouse.duckdb'));
  const poll = (records: IncidentRecord[], polledAt: string) =>
    pollAndPublish(warehouse, lakeDir, records, polledAt);
  const all = Array.from({ length: INCIDENTS }, (_, index) => index);
  await poll(
    all.map((index) => geometryIncident(index, 'winter')),
    '2026-06-10T10:00:00+10:00',
  );
  await poll(
    all
      .filter((index) => index % 5 !== 1)
      .map((index) => geometryIncident(index, index % 2 ? 'summer' : 'winter')),
    '2026-11-20T10:00:00+11:00',
  );
  return {
    dir,
    lakeDir,
    warehouse,
    close: async () => {
      warehouse.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
