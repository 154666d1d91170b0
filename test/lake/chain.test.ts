import { describe, expect, it } from 'vitest';
import { decodeChain, encodeChain, versionsOfChain, type ChainLink } from '../../lake/chain.js';

// 2026-11-20T00:00Z and 06:30Z.
const chain: ChainLink[] = [
  [1, 1795132800000, false],
  [2, 1795156200000, true],
];

describe('the version chain', () => {
  it('is stored as the JSON text warehouses and lake files already hold', () => {
    expect(encodeChain(chain)).toBe('[[1,1795132800000,false],[2,1795156200000,true]]');
    expect(decodeChain('[[1,1795132800000,false],[2,1795156200000,true]]')).toEqual(chain);
  });

  it('reads back as the versions CAP messages reference, oldest first', () => {
    expect(versionsOfChain(encodeChain(chain))).toEqual([
      { version: 1, validFrom: 1795132800000, retracted: false },
      { version: 2, validFrom: 1795156200000, retracted: true },
    ]);
    expect(versionsOfChain('[]')).toEqual([]);
  });
});
