import { describe, expect, it } from 'vitest';
import { lookupPoint } from '../../declarations/index.js';
import { realDataset } from './support/real-dataset.js';
import { STAND_IN_DATE, standInDataset } from './support/stand-in-dataset.js';

describe('point lookup, real data', () => {
  it('a point in Lismore resolves to LGA 14850, declared in June 2022 under NSW AGRN 1012', async () => {
    const { dataset, geography } = await realDataset();
    const result = lookupPoint(dataset, geography.index, {
      latitude: -28.8096,
      longitude: 153.2865,
      asAt: '2022-06-01',
    });
    expect(result).toMatchObject({ status: 'declared', onBoundary: false });
    expect(result.lgas.map((lga) => [lga.code, lga.name, lga.status])).toEqual([
      ['14850', 'Lismore', 'declared'],
    ]);
    expect(result.lgas[0]?.records.map((r) => [r.agrn, r.instrumentType])).toContainEqual([
      1012,
      'state_natural_disaster_declaration',
    ]);
  });

  it('never carries the coordinates it was asked about', async () => {
    const { dataset, geography } = await realDataset();
    const result = lookupPoint(dataset, geography.index, {
      latitude: -28.80961,
      longitude: 153.28653,
      asAt: '2022-06-01',
    });
    const body = JSON.stringify(result);
    expect(body).not.toContain('28.8096');
    expect(body).not.toContain('153.2865');
  });

  it('a point in the sea is unknown_location', async () => {
    const { dataset, geography } = await realDataset();
    const result = lookupPoint(dataset, geography.index, {
      latitude: -30,
      longitude: 155.5,
      asAt: '2022-06-01',
    });
    expect(result).toMatchObject({ status: 'unknown_location', onBoundary: false, lgas: [] });
  });
});

describe('point lookup, stand-in geography', () => {
  const { dataset, index, grid } = standInDataset();
  const cell = grid.cellOf('11040');
  if (!cell) throw new Error('no cell 11040');

  it('a point on the edge between a declared and an activation-only LGA answers both: partial, on the boundary', () => {
    const result = lookupPoint(dataset, index, {
      latitude: cell.north - cell.size * 0.5,
      longitude: cell.west + cell.size,
      asAt: STAND_IN_DATE,
    });
    expect(result.onBoundary).toBe(true);
    expect(result.status).toBe('partial');
    expect(result.lgas.map((lga) => [lga.code, lga.status])).toEqual([
      ['11040', 'declared'],
      ['11050', 'activation_only'],
    ]);
    expect(result.notes[0]).toMatch(/exactly on an LGA boundary/);
  });

  it('an LGA with a suburb-level activation is uncertain for a point: which suburb is not known', () => {
    const target = grid.cellOf('11060');
    if (!target) throw new Error('no cell 11060');
    const result = lookupPoint(dataset, index, {
      latitude: target.north - target.size * 0.5,
      longitude: target.west + target.size * 0.5,
      asAt: STAND_IN_DATE,
    });
    expect(result.status).toBe('uncertain');
  });

  it('include_expired never changes the status', () => {
    const at = {
      latitude: cell.north - cell.size * 0.1,
      longitude: cell.west + cell.size * 0.1,
      asAt: STAND_IN_DATE,
    };
    const plain = lookupPoint(dataset, index, at);
    const all = lookupPoint(dataset, index, { ...at, includeExpired: true });
    expect(all.status).toBe(plain.status);
    expect(all.lgas[0]?.records.length).toBeGreaterThan(plain.lgas[0]?.records.length ?? 0);
  });
});
