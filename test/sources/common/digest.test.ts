import { describe, expect, it } from 'vitest';
import { fnv1a32 } from '../../../sources/common/digest.js';

describe('fnv1a32', () => {
  it('gives the published FNV-1a 32-bit test vectors, as unsigned integers', () => {
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(fnv1a32('a')).toBe(0xe40c292c);
    expect(fnv1a32('foobar')).toBe(0xbf9cf968);
  });

  it('is stable and tells close inputs apart', () => {
    expect(fnv1a32('150.10000,-33.10000')).toBe(fnv1a32('150.10000,-33.10000'));
    expect(fnv1a32('150.10000,-33.10000')).not.toBe(fnv1a32('150.10000,-33.10001'));
  });
});
