import { describe, expect, it } from 'vitest';
import { agrnDetail } from '../../declarations/index.js';
import { realDataset } from './support/real-dataset.js';

describe('AGRN detail, real data', () => {
  it('AGRN 1011 lists its 23 Queensland LGAs with their records', async () => {
    const { dataset } = await realDataset();
    const detail = agrnDetail(dataset, 1011, { asAt: '2022-06-01' });
    expect(detail?.lgas).toHaveLength(23);
    expect(detail?.jurisdictions).toEqual(['qld']);
    expect(detail?.lgas.map((lga) => lga.name)).toEqual(
      expect.arrayContaining(['Brisbane', 'Gold Coast', 'Toowoomba']),
    );
    expect(detail?.lgas.every((lga) => lga.records.length === 1 && lga.records[0]?.status === 'active')).toBe(
      true,
    );
    expect(detail?.instruments.map((item) => [item.id, item.lgaCount])).toEqual([
      ['drfa_activation_agrn:qld:1011', 23],
    ]);
    expect(detail?.localities).toEqual([]);
  });

  it("AGRN 1012 merges NEMA's activation with the NSW register's declaration, LGA by LGA", async () => {
    const { dataset } = await realDataset();
    const detail = agrnDetail(dataset, 1012, { asAt: '2022-06-01' });
    expect(detail?.instruments.map((item) => item.instrumentType).sort()).toEqual([
      'drfa_activation_agrn',
      'state_natural_disaster_declaration',
    ]);
    expect(detail?.eventNames).toHaveLength(2);
    const lismore = detail?.lgas.find((lga) => lga.code === '14850');
    expect(lismore?.records.map((r) => r.source).sort()).toEqual([
      'nema_drfa_activations',
      'nsw_disaster_declarations',
    ]);
    // The full affected-LGA list is the union: LGAs only one source names are there too.
    const names = new Set(detail?.lgas.map((lga) => lga.code));
    const fromEither = new Set(dataset.byAgrn.get(1012)?.map((r) => r.area.code));
    expect(names).toEqual(fromEither);
  });

  it('suburb-level areas are listed apart, with the LGAs they were placed in', async () => {
    const { dataset } = await realDataset();
    const detail = agrnDetail(dataset, 1242, { asAt: '2026-02-01' });
    expect(detail?.localities.find((l) => l.name === 'Harcourt')).toMatchObject({
      salCode: '21137',
      lgaCodes: ['25430'],
    });
  });

  it('an AGRN with no record is undefined (404)', async () => {
    const { dataset } = await realDataset();
    expect(agrnDetail(dataset, 999999, { asAt: '2026-01-01' })).toBeUndefined();
  });
});
