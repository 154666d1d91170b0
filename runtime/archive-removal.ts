import { randomUUID } from 'node:crypto';
import type { Settings } from '../config/index.js';
import type { ArchiveSourceRemoval, ArchiveSourceRows } from '../model/index.js';
import { archiveSourceRemoval, type ArchiveSourceRemovalInput } from '../workflows/index.js';
import { formatCount } from './progress-bar.js';
import { connectTemporal, findTemporal, webUiLink } from './temporal-target.js';

const sourcesText = (sources: readonly ArchiveSourceRows[]): string =>
  sources.length === 0
    ? 'none'
    : sources.map((entry) => `${entry.source} (${formatCount(entry.rows)} rows)`).join(', ');

/** What a removal did, for people: the lines `npm run archive -- remove` prints. */
export function removalSummary(result: ArchiveSourceRemoval): string[] {
  if (result.files === 0) {
    return [
      `the archive holds no source "${result.source}"; nothing was published`,
      `the archive's sources: ${sourcesText(result.remaining)}`,
    ];
  }
  return [
    `removed source "${result.source}" from the archive: ${formatCount(result.files)} files, ${formatCount(result.rows)} rows; lake generation ${result.generation}`,
    `the archive's sources now: ${sourcesText(result.remaining)}`,
  ];
}

/**
 * Removes a source from the running service's archive (an archiveSourceRemoval workflow, which the
 * warehouse worker carries out in its turn) and waits for it: a few seconds.
 */
export async function removeArchiveSourceNow(
  settings: Settings,
  source: string,
  say: (line: string) => void,
): Promise<ArchiveSourceRemoval> {
  const target = await findTemporal(settings);
  const { client, close } = await connectTemporal(target);
  try {
    const workflowId = `archive-remove-${source}-${new Date().toISOString().replace(/[-:.]/g, '').slice(0, 15)}-${randomUUID().slice(0, 4)}`;
    const input: ArchiveSourceRemovalInput = { source, warehouseTaskQueue: target.warehouseTaskQueue };
    const handle = await client.workflow.start(archiveSourceRemoval, {
      workflowId,
      taskQueue: target.ingestTaskQueue,
      args: [input],
    });
    const link = webUiLink(target, workflowId);
    say(`started ${workflowId}${link ? ` (${link})` : ''}`);
    return await handle.result();
  } finally {
    await close();
  }
}
