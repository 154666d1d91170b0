import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FolderLakeStorage } from '../../../lake/storage/folder-storage.js';
import { PreconditionFailed, type LakeStorage } from '../../../lake/storage/lake-storage.js';
import { startTestBucket, type TestBucket } from '../../support/versitygw.js';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function text(storage: LakeStorage, key: string): Promise<string | undefined> {
  const read = await storage.read(key);
  return read === undefined || read === 'unchanged' ? undefined : read.body.toString();
}

/** The contract both homes of the lake keep; the S3 one runs against a real gateway (versitygw). */
function contract(name: string, open: () => Promise<{ storage: LakeStorage; scratch: string }>) {
  describe(name, () => {
    let storage: LakeStorage;
    let scratch: string;
    beforeAll(async () => {
      ({ storage, scratch } = await open());
    });
    afterAll(() => rm(scratch, { recursive: true, force: true }));

    it('writes the first manifest only when there is none, then only over the ETag it read', async () => {
      const first = await storage.write('manifest.json', Buffer.from('{"generation":1}'), {
        ifNoneMatch: '*',
      });
      await expect(
        storage.write('manifest.json', Buffer.from('{"generation":1,"other":true}'), { ifNoneMatch: '*' }),
      ).rejects.toBeInstanceOf(PreconditionFailed);
      const second = await storage.write('manifest.json', Buffer.from('{"generation":2}'), {
        ifMatch: first,
      });
      // A second writer still holding the first ETag loses, and the lake keeps generation 2.
      await expect(
        storage.write('manifest.json', Buffer.from('{"generation":2,"other":true}'), { ifMatch: first }),
      ).rejects.toBeInstanceOf(PreconditionFailed);
      expect(await text(storage, 'manifest.json')).toBe('{"generation":2}');
      expect(second).not.toBe(first);
    });

    it('of two writers racing from one ETag, exactly one wins', async () => {
      const base = await storage.write('race.json', Buffer.from('0'));
      const outcomes = await Promise.allSettled(
        Array.from({ length: 6 }, (_, i) =>
          storage.write('race.json', Buffer.from(String(i + 1)), { ifMatch: base }),
        ),
      );
      const won = outcomes.filter((outcome) => outcome.status === 'fulfilled');
      expect(won).toHaveLength(1);
      for (const outcome of outcomes) {
        if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(PreconditionFailed);
      }
    });

    it('answers a conditional read of an unchanged object without its bytes', async () => {
      const read = await storage.read('manifest.json');
      if (read === undefined || read === 'unchanged') throw new Error('no manifest');
      expect(await storage.read('manifest.json', { ifNoneMatch: read.etag })).toBe('unchanged');
      expect(await storage.read('manifest.json', { ifNoneMatch: '"something-else"' })).toMatchObject({
        etag: read.etag,
      });
      expect(await storage.read('no-such.json')).toBeUndefined();
    });

    it('uploads files, streams them back, lists and removes them', async () => {
      const bytes = Buffer.from('PAR1 not really parquet PAR1'.repeat(1000));
      const local = join(scratch, 'file.parquet');
      await writeFile(local, bytes);
      const key = 'incident_versions/state=nsw/month=2026-11/seg-1.parquet';
      await storage.upload(key, local, { bytes: bytes.length, sha256: sha256(bytes) });
      const streamed = await storage.stream(key);
      expect(streamed?.size).toBe(bytes.length);
      const chunks: Buffer[] = [];
      for await (const chunk of streamed!.body) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
      expect(await storage.stream('incident_versions/none.parquet')).toBeUndefined();
      expect(await storage.list('incident_versions/')).toEqual([{ key, size: bytes.length }]);
      await storage.remove([key, 'incident_versions/never-was.parquet']);
      expect(await storage.list('incident_versions/')).toEqual([]);
    });

    it('uploads a file only where there is none, or over the object whose ETag it names', async () => {
      const key = 'incidents_live/live-7.parquet';
      const mine = Buffer.from('mine '.repeat(500));
      const theirs = Buffer.from('theirs '.repeat(400));
      const [minePath, theirsPath] = [join(scratch, 'mine'), join(scratch, 'theirs')];
      await writeFile(minePath, mine);
      await writeFile(theirsPath, theirs);
      const file = (bytes: Buffer) => ({ bytes: bytes.length, sha256: sha256(bytes) });
      expect(await storage.fingerprint(key)).toBeUndefined();

      await storage.upload(key, theirsPath, file(theirs), { ifNoneMatch: '*' });
      await expect(storage.upload(key, minePath, file(mine), { ifNoneMatch: '*' })).rejects.toBeInstanceOf(
        PreconditionFailed,
      );
      const there = await storage.fingerprint(key);
      expect(there?.sha256).toBe(sha256(theirs));
      await expect(
        storage.upload(key, minePath, file(mine), { ifMatch: '"not-its-etag"' }),
      ).rejects.toBeInstanceOf(PreconditionFailed);
      expect((await storage.fingerprint(key))?.sha256).toBe(sha256(theirs));

      await storage.upload(key, minePath, file(mine), { ifMatch: there!.etag });
      const now = await storage.fingerprint(key);
      expect(now?.sha256).toBe(sha256(mine));
      // Replaced over the ETag it named: a second writer holding that ETag is refused.
      await expect(
        storage.upload(key, theirsPath, file(theirs), { ifMatch: there!.etag }),
      ).rejects.toBeInstanceOf(PreconditionFailed);
      await storage.remove([key]);
    });
  });
}

let bucket: TestBucket;
beforeAll(async () => {
  bucket = await startTestBucket();
});
afterAll(async () => {
  await bucket.close();
});

contract('a bucket of a real S3 gateway (versitygw)', async () => ({
  storage: bucket.storage('lake/contract'),
  scratch: await mkdtemp(join(tmpdir(), 'eids-s3-scratch-')),
}));

contract('a local folder', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'eids-folder-lake-'));
  return { storage: new FolderLakeStorage(join(dir, 'lake')), scratch: dir };
});

describe('uploads to a bucket carry their checksum', () => {
  it('refuses bytes that do not match the sha256 the manifest will name', async () => {
    const storage = bucket.storage('lake/checksums');
    const dir = await mkdtemp(join(tmpdir(), 'eids-s3-sum-'));
    try {
      const local = join(dir, 'f.parquet');
      await writeFile(local, 'the bytes on disk');
      await expect(
        storage.upload('f.parquet', local, { bytes: 17, sha256: sha256(Buffer.from('other bytes')) }),
      ).rejects.toThrow();
      expect(await storage.list('f.parquet')).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
