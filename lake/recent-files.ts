import type { LakeFile } from './manifest.js';

/** A known file, with when a newer generation dropped it (if one has). */
export interface RecentFile {
  file: LakeFile;
  replacedAt?: number;
}

/**
 * The files of the latest generation taken in and of those it replaced within a grace period, by path:
 * a reader that learnt of a file can still use it for `graceMs` after a newer generation dropped it.
 */
export class RecentFiles {
  private readonly known = new Map<string, RecentFile>();

  constructor(private readonly graceMs: number) {}

  /** Takes in a generation's files: new ones known, dropped ones marked replaced and forgotten after the grace period. */
  adopt(files: readonly LakeFile[], nowMs: number): void {
    const current = new Set(files.map((file) => file.path));
    for (const [path, entry] of this.known) {
      if (current.has(path)) continue;
      entry.replacedAt ??= nowMs;
      if (nowMs - entry.replacedAt > this.graceMs) this.known.delete(path);
    }
    for (const file of files) this.known.set(file.path, { file });
  }

  get(path: string): RecentFile | undefined {
    return this.known.get(path);
  }
}
