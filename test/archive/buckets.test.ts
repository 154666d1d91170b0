import { describe, expect, it } from 'vitest';
import { planBuckets } from '../../warehouse/archive/buckets.js';
import { lineNumbers } from '../../warehouse/archive/reject-lines.js';

describe('planning archive files', () => {
  it('splits a state’s years into consecutive spans of about equal size, none over the limit', () => {
    const counts = [1840, 1900, 1950, 1990, 2000, 2010, 2020].map((year, index) => ({
      state: 'nsw' as const,
      year,
      rows: [100, 200, 300, 400, 500, 600, 700][index]!,
    }));
    const buckets = planBuckets([...counts, { state: 'act', year: 1999, rows: 5 }], 1000);
    expect(buckets).toEqual([
      { state: 'act', years: [1999, 1999], rows: 5 },
      { state: 'nsw', years: [1840, 1990], rows: 1000 },
      { state: 'nsw', years: [2000, 2000], rows: 500 },
      { state: 'nsw', years: [2010, 2010], rows: 600 },
      { state: 'nsw', years: [2020, 2020], rows: 700 },
    ]);
  });

  it('keeps a year larger than the limit whole', () => {
    expect(planBuckets([{ state: 'vic', year: 2009, rows: 5000 }], 1000)).toEqual([
      { state: 'vic', years: [2009, 2009], rows: 5000 },
    ]);
  });
});

describe('lines of records DuckDB read', () => {
  it('counts the header and skips the lines of records it rejected', () => {
    // Records on lines 2…; lines 3 and 6 were rejected, so ordinals 0,1,2,3 sit on lines 2,4,5,7.
    expect(lineNumbers([0, 1, 2, 3], [6, 3])).toEqual([2, 4, 5, 7]);
    expect(lineNumbers([0, 5], [])).toEqual([2, 7]);
    expect(lineNumbers([2], [2, 3, 4])).toEqual([7]);
  });
});
