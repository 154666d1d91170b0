import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_LOCATOR } from '../../model/index.js';
import { writeArchiveFile } from '../../replay/archive/generate.js';
import {
  AIDR_REQUIRED_HEADER,
  readArchiveCsv,
  type ArchiveBatch,
  type ArchiveCsvFormat,
  type ByteSource,
  type CsvCheckpoint,
} from '../../sources/archive/index.js';
import { fileSource, LOADED_AT, textSource } from './support.js';

async function batches(
  source: ByteSource,
  format: ArchiveCsvFormat,
  batchSize: number,
  from?: CsvCheckpoint,
): Promise<ArchiveBatch[]> {
  const all: ArchiveBatch[] = [];
  for await (const batch of readArchiveCsv(source, {
    format,
    batchSize,
    ...(from ? { from } : {}),
    context: { locator: NO_LOCATOR, loadedAt: LOADED_AT },
  })) {
    all.push(batch);
  }
  return all;
}

const outcome = (list: ArchiveBatch[]) => ({
  ids: list.flatMap((batch) => batch.records.map((record) => record.id)),
  problems: list.flatMap((batch) => batch.problems),
  rowsRead: list.reduce((sum, batch) => sum + batch.rowsRead, 0),
});

/** Resuming after every batch in turn gives, with the batches before it, exactly the whole read. */
async function expectSeamlessResumes(
  source: ByteSource,
  format: ArchiveCsvFormat,
  batchSize: number,
): Promise<number> {
  const whole = await batches(source, format, batchSize);
  const expected = outcome(whole);
  for (let index = 0; index < whole.length; index += 1) {
    const resumed = await batches(source, format, batchSize, whole[index]!.checkpoint);
    const joined = outcome([...whole.slice(0, index + 1), ...resumed]);
    expect(joined).toEqual(expected);
  }
  return whole.length;
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'archive-resume-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('resuming an archive read from a checkpoint', () => {
  it('neither repeats nor skips a row of a generated interchange file', async () => {
    const path = join(dir, 'rows.csv');
    await writeArchiveFile({ rows: 1500, seed: 21, out: path, format: 'csv', invalidEvery: 37 });
    const whole = await batches(fileSource(path), 'interchange', 200);
    expect(outcome(whole).rowsRead).toBe(1500);
    expect(new Set(outcome(whole).ids).size).toBe(1500 - Math.floor(1500 / 37));
    expect(await expectSeamlessResumes(fileSource(path), 'interchange', 200)).toBe(8);
  });

  it('counts lines through quoted line breaks, blank lines, CRLF and unreadable records', async () => {
    const row = (id: string, description: string, title = `Flood - Place ${id}`) =>
      AIDR_REQUIRED_HEADER.map((column) => {
        const values: Record<string, string> = {
          id,
          title,
          description,
          startDate: '3/1/2001 0:00',
          regions: 'Queensland',
        };
        return values[column] ?? '';
      });
    const text = [
      stringify([[...AIDR_REQUIRED_HEADER], row('1', 'one line'), row('2', 'two\nlines')]), // lines 1–4
      '\n', // 5: blank
      stringify([row('3', 'three\r\nwindows\r\nlines')], { record_delimiter: '\r\n' }), // 6–8
      'too,few\n', // 9
      stringify([row('4', 'a "quoted" word'), row('5', '', '')]), // 10, 11 (no title)
      stringify([row('6', 'last\n\nof all')]), // 12–14
    ].join('');
    const source = textSource(text);
    const whole = await batches(source, 'aidr', 1);
    expect(outcome(whole).ids).toEqual([
      'qld-aidr-1',
      'qld-aidr-2',
      'qld-aidr-3',
      'qld-aidr-4',
      'qld-aidr-6',
    ]);
    expect(outcome(whole).problems).toEqual([
      { line: 9, problem: 'field_count', value: `2 fields, expected ${AIDR_REQUIRED_HEADER.length}` },
      { line: 11, problem: 'missing', field: 'title' },
    ]);
    expect(whole.map((batch) => batch.checkpoint.line)).toEqual([2, 4, 8, 9, 10, 11, 14]);
    expect(whole.at(-1)!.checkpoint.byte).toBe(Buffer.byteLength(text));
    expect(await expectSeamlessResumes(source, 'aidr', 1)).toBe(7);
    expect(await expectSeamlessResumes(source, 'aidr', 2)).toBe(4);
  });

  it('starts a resumed read at its checkpoint’s byte without reading the rows before it', async () => {
    const path = join(dir, 'skip.csv');
    await writeArchiveFile({ rows: 300, seed: 2, out: path, format: 'csv' });
    const whole = await batches(fileSource(path), 'interchange', 100);
    const opened: number[] = [];
    const spying: ByteSource = (start) => {
      opened.push(start);
      return fileSource(path)(start);
    };
    const resumed = await batches(spying, 'interchange', 100, whole[1]!.checkpoint);
    expect(opened).toEqual([0, whole[1]!.checkpoint.byte]); // the header, then the rest
    expect(outcome(resumed).ids).toEqual(outcome(whole.slice(2)).ids);
  });
});
