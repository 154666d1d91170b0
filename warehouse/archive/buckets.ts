import type { StateCode } from '../../model/index.js';

/** One output file: a state's consecutive start years. */
export interface YearBucket {
  state: StateCode;
  years: [number, number];
  rows: number;
}

/**
 * Splits each state's years into consecutive spans, greedily: a span closes once it holds the state's
 * rows divided by the fewest spans that could stay under `maxRows`, or when the next year would take it
 * over `maxRows` (a single year larger than that stays one span). Fixed decades would leave most files
 * far below a useful row-group size, since early decades hold few records.
 */
export function planBuckets(
  counts: readonly { state: StateCode; year: number; rows: number }[],
  maxRows: number,
): YearBucket[] {
  const byState = new Map<StateCode, { year: number; rows: number }[]>();
  for (const { state, year, rows } of counts) {
    const years = byState.get(state) ?? [];
    years.push({ year, rows });
    byState.set(state, years);
  }
  const buckets: YearBucket[] = [];
  for (const [state, years] of [...byState].sort(([a], [b]) => a.localeCompare(b))) {
    years.sort((a, b) => a.year - b.year);
    const total = years.reduce((sum, { rows }) => sum + rows, 0);
    const target = total / Math.max(1, Math.ceil(total / maxRows));
    let current: YearBucket | undefined;
    for (const { year, rows } of years) {
      if (current && current.rows + rows > maxRows) current = undefined;
      if (current && current.rows >= target) current = undefined;
      if (!current) {
        current = { state, years: [year, year], rows: 0 };
        buckets.push(current);
      }
      current.years[1] = year;
      current.rows += rows;
    }
  }
  return buckets;
}
