import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FolderLakeStorage } from '../../lake/storage/folder-storage.js';
import type { LakeStorage } from '../../lake/storage/lake-storage.js';
import { WRITER_LEASE_KEY, WriterLease } from '../../warehouse/writer-lease.js';

/**
 * A standby that took the lake restores the warehouse, then renames its lease, while its renewals go
 * on: each write is conditional on the last one's ETag, so two in flight at once would refuse each
 * other. Over a real folder store whose writes take a while, as a bucket's do under load.
 */
describe('the writer lease’s own writes', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('renames the lease while renewals are in flight, and keeps it: each write waits for the one before', async () => {
    dir = await mkdtemp(join(tmpdir(), 'eids-lease-writes-'));
    const folder = new FolderLakeStorage(dir);
    let writes = 0;
    // The folder's own conditional writes, each finishing 60 ms after it is asked for.
    const slow: LakeStorage = Object.assign(Object.create(folder) as LakeStorage, {
      write: async (...args: Parameters<LakeStorage['write']>) => {
        writes++;
        await new Promise((resolve) => setTimeout(resolve, 60));
        return folder.write(...args);
      },
    });
    const lost: string[] = [];
    const lease = new WriterLease({ storage: slow, writerId: 'standby', renewMs: 25, ttlMs: 3_000 });
    lease.onLost = (holder) => lost.push(holder);
    expect(await lease.tryAcquire()).toEqual({ acquired: true });
    lease.keepRenewing();
    for (let round = 0; round < 5; round++) {
      // A renewal is due or in flight at each rename.
      await new Promise((resolve) => setTimeout(resolve, 40));
      await lease.rename(`restored-${round}`);
    }
    await lease.release();
    expect(writes).toBeGreaterThan(8);
    expect(lost).toEqual([]);
    const read = await folder.read(WRITER_LEASE_KEY);
    expect(read !== undefined && read !== 'unchanged' && JSON.parse(read.body.toString())).toMatchObject({
      writer: 'restored-4',
      released: true,
    });
  });
});
