import { describe, expect, it } from 'vitest';
import {
  decodeListCursor,
  encodeListCursor,
  listDeclarations,
  type ListQuery,
} from '../../declarations/index.js';
import type { DeclarationListItem } from '../../model/index.js';
import { realDataset } from './support/real-dataset.js';

/** Follows links until the token runs out, as a client would. */
function allPages(query: Omit<ListQuery, 'after'>, dataset: Parameters<typeof listDeclarations>[0]) {
  const pages: DeclarationListItem[][] = [];
  let after: ListQuery['after'];
  for (;;) {
    const page = listDeclarations(dataset, { ...query, after });
    pages.push(page.items);
    if (!page.nextCursor) return pages;
    after = decodeListCursor(page.nextCursor);
    if (!after) throw new Error('a cursor the list issued did not decode');
  }
}

describe('declaration list, real data', () => {
  it('pages through every instrument once, newest first, stopping when no token comes back', async () => {
    const { dataset } = await realDataset();
    const pages = allPages({ activeOn: '2026-11-24', status: 'all', limit: 97 }, dataset);
    const items = pages.flat();
    expect(pages.slice(0, -1).every((page) => page.length === 97)).toBe(true);
    expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
    expect(items).toHaveLength(dataset.instruments.length);
    const keys = items.map((item) => [item.startDate, item.id]);
    expect(keys).toEqual(
      [...keys].sort(
        (a, b) => (b[0] ?? '').localeCompare(a[0] ?? '') || (a[1] ?? '').localeCompare(b[1] ?? ''),
      ),
    );
  });

  it('an AGRN that spans states is one item per jurisdiction', async () => {
    const { dataset } = await realDataset();
    const items = listDeclarations(dataset, { activeOn: '2026-11-24', status: 'all', limit: 500 }).items;
    const all = allPages({ activeOn: '2026-11-24', status: 'all', limit: 500 }, dataset).flat();
    expect(items.length).toBe(500);
    expect(
      all
        .filter((item) => item.agrn === 538)
        .map((item) => item.jurisdiction)
        .sort(),
    ).toEqual(['nsw', 'vic', 'wa']);
  });

  it('status is derived on active_on: AGRN 1011 is active in 2022 and expired in 2026', async () => {
    const { dataset } = await realDataset();
    const query = { status: 'all' as const, jurisdiction: 'qld' as const, limit: 500 };
    const in2022 = allPages({ ...query, activeOn: '2022-06-01' }, dataset).flat();
    const in2026 = allPages({ ...query, activeOn: '2026-11-24' }, dataset).flat();
    expect(in2022.find((item) => item.agrn === 1011)).toMatchObject({
      status: 'active',
      lgaCount: 23,
      currency: 'presumed_current',
    });
    expect(in2026.find((item) => item.agrn === 1011)).toMatchObject({
      status: 'expired',
      currency: 'lapsed',
    });
  });

  it('filters by status, jurisdiction, instrument type and disaster type, and leaves out what starts later', async () => {
    const { dataset } = await realDataset();
    const active = allPages({ activeOn: '2022-06-01', status: 'active', limit: 50 }, dataset).flat();
    expect(active.length).toBeGreaterThan(0);
    expect(active.every((item) => item.status === 'active' && item.startDate <= '2022-06-01')).toBe(true);
    const nswDeclarations = allPages(
      {
        activeOn: '2022-06-01',
        status: 'all',
        instrumentType: 'state_natural_disaster_declaration',
        limit: 50,
      },
      dataset,
    ).flat();
    // AGRN 1025 starts on 27 June 2022: not yet there on 1 June.
    expect(nswDeclarations.map((item) => item.agrn)).toEqual([1027, 1014, 1012]);
    const july = listDeclarations(dataset, {
      activeOn: '2022-07-01',
      status: 'all',
      instrumentType: 'state_natural_disaster_declaration',
      limit: 1,
    });
    expect(july.items.map((item) => item.agrn)).toEqual([1025]);
    expect(july.nextCursor).not.toBeNull();
    expect(nswDeclarations.every((item) => item.jurisdiction === 'nsw')).toBe(true);
    const cyclones = allPages(
      { activeOn: '2026-11-24', status: 'all', disasterType: 'cyclone', jurisdiction: 'wa', limit: 50 },
      dataset,
    ).flat();
    expect(cyclones.length).toBeGreaterThan(0);
    expect(
      cyclones.every((item) => item.disasterTypes.includes('cyclone') && item.jurisdiction === 'wa'),
    ).toBe(true);
    const expired = allPages({ activeOn: '2026-11-24', status: 'expired', limit: 500 }, dataset).flat();
    const activeNow = allPages({ activeOn: '2026-11-24', status: 'active', limit: 500 }, dataset).flat();
    expect(expired.length + activeNow.length).toBe(dataset.instruments.length);
  });
});

describe('list cursor', () => {
  it('round-trips and rejects anything it did not issue', () => {
    const position = { startDate: '2025-03-06', id: 'drfa_activation_agrn:nsw:1198' };
    expect(decodeListCursor(encodeListCursor(position))).toEqual(position);
    expect(decodeListCursor('not a cursor!')).toBeUndefined();
    expect(decodeListCursor(Buffer.from('{"a":1}').toString('base64url'))).toBeUndefined();
    expect(decodeListCursor(Buffer.from('["yesterday","x"]').toString('base64url'))).toBeUndefined();
    expect(decodeListCursor('')).toBeUndefined();
  });
});
