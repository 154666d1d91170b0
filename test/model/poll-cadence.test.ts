import { describe, expect, it } from 'vitest';
import { nextPollStartMs } from '../../model/index.js';

describe('the poll cadence', () => {
  it('starts the next poll one interval after the last one started, however long that poll took', () => {
    expect(nextPollStartMs(1_000_000, 10, 1_000_000 + 3_500)).toBe(1_010_000);
    expect(nextPollStartMs(1_000_000, 10, 1_000_000 + 9_999)).toBe(1_010_000);
  });

  it('starts at once when a poll took longer than the interval', () => {
    expect(nextPollStartMs(1_000_000, 10, 1_000_000 + 12_000)).toBe(1_012_000);
  });
});
