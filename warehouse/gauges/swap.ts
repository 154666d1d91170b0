import type { LakeFile } from '../../lake/manifest.js';
import { currentManifest, publishFiles } from '../publication.js';
import type { Warehouse } from '../warehouse.js';

/**
 * Publishes a manifest in which `replacement` (none: the rows are all gone) takes the place of
 * `group`, if every file of the group is still named; false when another rewrite got there first.
 */
export function swapFiles(
  warehouse: Warehouse,
  lakeDir: string,
  group: readonly LakeFile[],
  replacement: LakeFile | undefined,
  now: Date,
): Promise<boolean> {
  return warehouse.exclusive(async () => {
    const current = await currentManifest(warehouse.db, lakeDir);
    const paths = new Set(group.map((file) => file.path));
    if (!current || current.files.filter((file) => paths.has(file.path)).length !== group.length)
      return false;
    await publishFiles(warehouse.db, lakeDir, {
      added: replacement ? [replacement] : [],
      replaced: (file) => paths.has(file.path),
      now,
    });
    return true;
  });
}

/** Files grouped by table and partition, in manifest order. */
export function byPartition(files: readonly LakeFile[]): LakeFile[][] {
  const groups = new Map<string, LakeFile[]>();
  for (const file of files) {
    const key = `${file.table}|${JSON.stringify(file.partition)}`;
    groups.set(key, [...(groups.get(key) ?? []), file]);
  }
  return [...groups.values()];
}
