import { normalise, toRecord, type IncidentRecord } from '../../model/index.js';
import { GENERATORS } from '../../replay/generators/index.js';
import { parseNswRfsMajorIncidents } from '../../sources/nsw/rfs-major-incidents.js';
import type { Warehouse } from '../../warehouse/warehouse.js';

/**
 * `count` made-up NSW RFS incidents as the feed would list them, parsed and committed as one poll:
 * the data the API, map and CAP benchmarks start from.
 */
export async function commitGeneratedNsw(
  warehouse: Warehouse,
  count: number,
  seed: number,
): Promise<IncidentRecord[]> {
  const body = GENERATORS.get('nsw-rfs-major-incidents-geojson')!.render({
    count,
    seed,
    tick: 0,
    startedAt: new Date(),
    tickMs: 60_000,
  });
  const fetched = new Date().toISOString();
  const records = parseNswRfsMajorIncidents(new TextEncoder().encode(body)).incidents.map((draft) =>
    toRecord(normalise(draft, fetched)),
  );
  await warehouse.commit({
    feedKey: 'nsw-rfs-major-incidents',
    rawSha256: '0'.repeat(64),
    incoming: records,
    polledAt: fetched,
    pollId: `poll@${fetched}`,
    guarded: false,
  });
  return records;
}
