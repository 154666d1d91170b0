import { describe, expect, it } from 'vitest';
import { lookupPostcode } from '../../declarations/index.js';
import { realDataset } from './support/real-dataset.js';
import { STAND_IN_DATE, standInDataset } from './support/stand-in-dataset.js';

const statuses = (result: { lgas: { code: string; status: string }[] }) =>
  Object.fromEntries(result.lgas.map((lga) => [lga.code, lga.status]));

describe('postcode lookup, stand-in geography', () => {
  const { dataset, directory, tables } = standInDataset();
  const { spanning, straddling, border } = tables.cases;
  const lookup = (postcode: string, extra: { suburb?: string; includeExpired?: boolean } = {}) =>
    lookupPostcode(dataset, directory, { postcode, asAt: STAND_IN_DATE, ...extra });

  it('a postcode over a declared and an activation-only LGA is partial, with per-LGA detail', () => {
    const result = lookup(spanning.postcode);
    expect(result.matchStatus).toBe('partial');
    expect(statuses(result)).toEqual({ '11040': 'declared', '11050': 'activation_only' });
    const declared = result.lgas.find((lga) => lga.code === '11040');
    expect(declared?.addressShare).toBeGreaterThan(0);
    expect(declared?.records.map((r) => [r.agrn, r.instrumentType, r.status, r.sourceUrl])).toEqual([
      [
        9201,
        'drfa_activation_agrn',
        'active',
        'https://data.gov.au/data/dataset/drfa-activation-history-by-lga',
      ],
      [
        9201,
        'state_natural_disaster_declaration',
        'active',
        'https://www.nsw.gov.au/emergency/recovery/natural-disaster-declarations',
      ],
    ]);
    expect(declared?.hiddenRecords).toBe(1);
    expect(result.narrowing).toBeUndefined();
  });

  it('a suburb in the declared LGA narrows the answer to declared', () => {
    const suburb = directory
      .entry(spanning.postcode)
      ?.lgas.find((lga) => lga.code === '11040')
      ?.suburbs.find((name) => name !== straddling.suburb);
    const result = lookup(spanning.postcode, { suburb: suburb?.toUpperCase() });
    expect(result.matchStatus).toBe('declared');
    expect(result.narrowing).toMatchObject({ applied: true, matchedSuburbs: [suburb] });
    expect(result.lgas.map((lga) => [lga.code, lga.suburbs, lga.addressShare])).toEqual([
      ['11040', [suburb], null],
    ]);
  });

  it('a suburb spanning both LGAs stays partial', () => {
    const result = lookup(straddling.postcode, { suburb: straddling.suburb });
    expect(result.narrowing?.applied).toBe(true);
    expect(result.narrowing?.reason).toMatch(/lies in 2 LGAs/);
    expect(result.matchStatus).toBe('partial');
    expect(Object.keys(statuses(result)).sort()).toEqual([...straddling.lgaCodes].sort());
  });

  it('an unmatched suburb never fails: the whole postcode is answered, with a reason and the known suburbs', () => {
    const result = lookup(spanning.postcode, { suburb: 'Nowhere Flat' });
    expect(result.matchStatus).toBe(lookup(spanning.postcode).matchStatus);
    expect(result.lgas).toEqual(lookup(spanning.postcode).lgas);
    expect(result.narrowing).toEqual({
      requested: 'Nowhere Flat',
      applied: false,
      reason: expect.stringMatching(/No suburb of postcode .* matches exactly/) as string,
      matchedSuburbs: [],
      knownSuburbs: directory.entry(spanning.postcode)?.suburbs,
    });
  });

  it('a bare name shared across the state border matches both sides; a state picks one', () => {
    const bare = lookup(border.postcode, { suburb: border.suburb });
    expect(statuses(bare)).toEqual({ [border.qldLga]: 'activation_only', [border.nswLga]: 'declared' });
    expect(bare.matchStatus).toBe('partial');
    expect(lookup(border.postcode, { suburb: `${border.suburb}, NSW` }).matchStatus).toBe('declared');
    expect(lookup(border.postcode, { suburb: `${border.suburb} (Qld)` }).matchStatus).toBe('activation_only');
    expect(bare.notes[0]).toMatch(/For Queensland, no register of state declarations is read/);
  });

  it('a suburb-level activation makes its LGA uncertain for the postcode, and counts once the suburb is given', () => {
    const { sal } = standInDataset();
    const whole = lookup(sal.postcode);
    expect(statuses(whole)[sal.lga]).toBe('uncertain');
    expect(whole.lgas.find((lga) => lga.code === sal.lga)?.reasons.join(' ')).toMatch(
      /names part of this LGA/,
    );
    expect(whole.matchStatus).toBe('uncertain');
    const narrowed = lookup(sal.postcode, { suburb: sal.suburb });
    expect(narrowed.matchStatus).toBe('activation_only');
    expect(narrowed.lgas[0]?.records.map((r) => [r.agrn, r.area.type])).toEqual([[9203, 'sal']]);
  });

  it('an unknown postcode answers unknown_postcode, suburb or not', () => {
    expect(lookup('0001')).toMatchObject({ matchStatus: 'unknown_postcode', lgas: [] });
    expect(lookup('0001', { suburb: 'Anywhere' }).narrowing).toMatchObject({
      applied: false,
      knownSuburbs: [],
    });
  });

  it('include_expired and instrument_type never change matchStatus', () => {
    for (const postcode of [spanning.postcode, border.postcode]) {
      const answers = new Set(
        [false, true].flatMap((includeExpired) =>
          [undefined, 'drfa_activation_agrn', 'state_natural_disaster_declaration'].map(
            (instrumentType) =>
              lookupPostcode(dataset, directory, {
                postcode,
                asAt: STAND_IN_DATE,
                includeExpired,
                instrumentType: instrumentType as 'drfa_activation_agrn' | undefined,
              }).matchStatus,
          ),
        ),
      );
      expect(answers.size).toBe(1);
    }
    const all = lookup(spanning.postcode, { includeExpired: true }).lgas.find((lga) => lga.code === '11040');
    expect(all?.records.map((r) => [r.agrn, r.status])).toContainEqual([9150, 'expired']);
  });

  it('as_at selects the date: before any record the postcode is not declared', () => {
    const result = lookupPostcode(dataset, directory, { postcode: spanning.postcode, asAt: '2018-01-01' });
    expect(result.matchStatus).toBe('not_declared');
  });
});

describe('postcode lookup, real data', () => {
  it('2480 in June 2022: Lismore, Byron and Kyogle under NSW AGRN 1012, Richmond Valley activation only → partial', async () => {
    const { dataset, geography } = await realDataset();
    const result = lookupPostcode(dataset, geography.directory, { postcode: '2480', asAt: '2022-06-01' });
    expect(result.matchStatus).toBe('partial');
    expect(statuses(result)).toEqual({
      '14850': 'declared',
      '11350': 'declared',
      '14550': 'declared',
      '16610': 'activation_only',
    });
    const lismore = result.lgas[0];
    expect(
      lismore?.records
        .filter((r) => r.agrn === 1012)
        .map((r) => r.source)
        .sort(),
    ).toEqual(['nema_drfa_activations', 'nsw_disaster_declarations']);
  });

  it('narrowing 2480 to Nimbin (Lismore) makes it declared', async () => {
    const { dataset, geography } = await realDataset();
    const result = lookupPostcode(dataset, geography.directory, {
      postcode: '2480',
      asAt: '2022-06-01',
      suburb: 'nimbin',
    });
    expect(result.matchStatus).toBe('declared');
    expect(result.lgas.map((lga) => lga.code)).toEqual(['14850']);
  });

  it('a suburb listed for 2480 but placed nowhere (its only point is 500 km away) leaves the whole postcode answered', async () => {
    const { dataset, geography } = await realDataset();
    const query = { postcode: '2480', asAt: '2022-06-01' };
    const result = lookupPostcode(dataset, geography.directory, { ...query, suburb: 'Steve Kings Plains' });
    expect(result.narrowing).toMatchObject({ applied: false, matchedSuburbs: [] });
    expect(result.narrowing?.reason).toMatch(/listed for postcode 2480 but could not be placed/);
    expect(result.narrowing?.knownSuburbs).toContain('Steve Kings Plains');
    expect(result.matchStatus).toBe(lookupPostcode(dataset, geography.directory, query).matchStatus);
  });

  it('2480 in November 2026: only DRFA activations within the horizon remain → activation_only', async () => {
    const { dataset, geography } = await realDataset();
    const result = lookupPostcode(dataset, geography.directory, { postcode: '2480', asAt: '2026-11-24' });
    expect(result.matchStatus).toBe('activation_only');
    expect(result.lgas[0]?.records.map((r) => r.agrn)).toEqual([1198]);
  });

  it('Brisbane 4000 in 2022 is activation_only under AGRN 1011: Queensland state instruments are never invented', async () => {
    const { dataset, geography } = await realDataset();
    const result = lookupPostcode(dataset, geography.directory, { postcode: '4000', asAt: '2022-06-01' });
    expect(result.matchStatus).toBe('activation_only');
    expect(result.lgas.map((lga) => [lga.code, lga.stateInstrumentsPublished])).toEqual([['31000', false]]);
    expect(result.lgas[0]?.records.map((r) => r.agrn)).toContain(1011);
  });

  it('Harcourt 3453: its suburb-level activation (AGRN 1242) is listed beside the LGA-level one', async () => {
    const { dataset, geography } = await realDataset();
    const query = { postcode: '3453', asAt: '2026-01-20', suburb: 'Harcourt' };
    const result = lookupPostcode(dataset, geography.directory, query);
    expect(result.matchStatus).toBe('activation_only');
    expect(result.lgas.map((lga) => lga.code)).toEqual(['25430']);
    expect(result.lgas[0]?.records.filter((r) => r.agrn === 1242).map((r) => r.area)).toEqual([
      { type: 'lga', code: '25430', name: 'Mount Alexander' },
      { type: 'sal', code: '21137', name: 'Harcourt' },
    ]);
  });
});
