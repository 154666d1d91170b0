import * as wf from '@temporalio/workflow';
import type { ArchiveActivities } from '../activities/index.js';
import type { ArchiveSourceRemoval } from '../model/index.js';
import { ARCHIVE_SOURCE_REMOVAL } from './activity-policies.js';

export interface ArchiveSourceRemovalInput {
  /** The source whose archive files leave the lake. */
  source: string;
  warehouseTaskQueue: string;
}

/**
 * Removes a source from the historical archive (`npm run archive -- remove --source <name>`): the
 * warehouse publishes a lake generation without the source's files, in its turn, as a load replaces them.
 */
export async function archiveSourceRemoval(input: ArchiveSourceRemovalInput): Promise<ArchiveSourceRemoval> {
  const { removeArchiveSource } = wf.proxyActivities<ArchiveActivities>({
    taskQueue: input.warehouseTaskQueue,
    ...ARCHIVE_SOURCE_REMOVAL,
  });
  wf.setCurrentDetails(`Removes the archive source **${input.source}** from the lake`);
  return removeArchiveSource({ source: input.source });
}
