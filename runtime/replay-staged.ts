import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SharedFiles } from '../activities/shared-files.js';
import { dataLayout, type Settings } from '../config/index.js';
import type { IncidentRecord } from '../model/index.js';
import { lakeWriterHandover, writerIdentityFiles } from '../warehouse/lake-mirror.js';
import type { Warehouse } from '../warehouse/warehouse.js';
import { selectedCatalogue } from './catalogue.js';

/**
 * A restored writer commits, before it takes any work, the staged polls still in the ingest store
 * that are newer than what its lake shows of their feed: a staged poll leaves the store only once the
 * bucket shows its commit (ADR 35), so these are what the lost writer committed and never published.
 * Older ones (published, their discard lost with the writer) are left alone: applied now they would
 * undo newer polls. Once per restore (recorded in the hand-over file). Returns the polls committed.
 */
export async function replayStagedPolls(
  settings: Settings,
  warehouse: Warehouse,
  shared: SharedFiles,
  log: (line: string) => void,
): Promise<number> {
  const warehouseFile = dataLayout(settings.DATA_DIR).warehouseFile;
  const handover = await lakeWriterHandover(warehouseFile);
  if (!handover || handover.replayedAt) return 0;
  await shared.fetchAll('staged/');
  let found = 0;
  let committed = 0;
  for (const feed of selectedCatalogue(settings)) {
    const folder = join(settings.DATA_DIR, 'staged', feed.key);
    const names = (await readdir(folder).catch(() => [])).filter((name) => name.endsWith('.json')).sort();
    const shownUntil = await warehouse.exclusive(() => warehouse.lastPolledAt(feed.key));
    for (const name of names) {
      found++;
      const body = await readFile(join(folder, name));
      const incoming = JSON.parse(body.toString('utf8')) as IncidentRecord[];
      const polledAt = incoming[0]?.fetched_at;
      if (polledAt === undefined || Date.parse(polledAt) <= shownUntil) continue;
      await warehouse.commit({
        feedKey: feed.key,
        pollId: `replayed:${feed.key}/${name}`,
        rawSha256: createHash('sha256').update(body).digest('hex'),
        incoming,
        polledAt,
      });
      committed++;
    }
  }
  await writeFile(
    writerIdentityFiles(warehouseFile).handover,
    JSON.stringify({ ...handover, replayedAt: new Date().toISOString() }, null, 1),
  );
  log(
    `committed ${committed} staged polls the writer before this one had committed and not published (of ${found} staged polls found)`,
  );
  return committed;
}
