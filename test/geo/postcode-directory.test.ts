import { describe, expect, it } from 'vitest';
import { approximateLocation, parseAustralianPostcodesCsv, parseGnafLocalitiesCsv } from '../../geo/index.js';
import { realGeography } from './support/real-geography.js';
import { standInGeography } from './support/stand-in-geography.js';

const codesOf = (lgas: { code: string }[] | undefined) => (lgas ?? []).map((lga) => lga.code).sort();

describe('postcode directory, real tables over the simplified boundaries', () => {
  it('postcode 2480 spans several LGAs, Lismore holding most of its addresses', async () => {
    const { directory } = await realGeography();
    const entry = directory.entry('2480');
    expect(entry?.lgas[0]).toMatchObject({ code: '14850', name: 'Lismore', jurisdiction: 'nsw' });
    expect(entry?.lgas[0]?.addressShare).toBeGreaterThan(0.9);
    expect(codesOf(entry?.lgas)).toEqual(expect.arrayContaining(['11350', '14550', '14850']));
    const total = (entry?.lgas ?? []).reduce((sum, lga) => sum + (lga.addressShare ?? 0), 0);
    expect(total).toBeCloseTo(1, 6);
    // The postcode table names one LGA for all of 2480 (Ballina); addresses say otherwise.
    expect(codesOf(entry?.lgas)).not.toContain('10250');
    expect(entry?.suburbs).toEqual(expect.arrayContaining(['Nimbin', 'Lismore Heights', 'Lismore Dc']));
  });

  it('a suburb of 2480 narrows to its LGA', async () => {
    const { directory } = await realGeography();
    expect(directory.matchSuburb('2480', 'NIMBIN').map((match) => match.lgaCodes)).toEqual([['14850']]);
    expect(directory.matchSuburb('2480', 'Federal').map((match) => match.lgaCodes)).toEqual([['11350']]);
    expect(directory.matchSuburb('2480', 'Nimbinn')).toEqual([]);
  });

  it('border postcode 3691 spans Victoria and New South Wales; Lake Hume Village is the NSW side', async () => {
    const { directory } = await realGeography();
    const entry = directory.entry('3691');
    expect(new Set(entry?.lgas.map((lga) => lga.jurisdiction))).toEqual(new Set(['vic', 'nsw']));
    expect(entry?.lgas[0]).toMatchObject({ code: '27170', name: 'Wodonga' });
    expect(directory.matchSuburb('3691', 'Lake Hume Village').map((match) => match.lgaCodes)).toEqual([
      ['10050'],
    ]);
  });

  it('postcode 2620 holds Queanbeyan (NSW) and ACT suburbs; each narrows to its own side', async () => {
    const { directory } = await realGeography();
    const entry = directory.entry('2620');
    expect(codesOf(entry?.lgas)).toEqual(expect.arrayContaining(['16490', '89399']));
    expect(directory.matchSuburb('2620', 'Queanbeyan').flatMap((match) => match.lgaCodes)).toEqual(['16490']);
    expect(directory.matchSuburb('2620', 'Hume').flatMap((match) => match.lgaCodes)).toEqual(['89399']);
  });

  it('Texas 4385, listed on both sides of the Queensland border, matches both LGAs unless a state is given', async () => {
    const { directory } = await realGeography();
    expect(directory.matchSuburb('4385', 'Texas').flatMap((match) => match.lgaCodes)).toEqual([
      '14220',
      '33610',
    ]);
    expect(directory.matchSuburb('4385', 'Texas QLD').flatMap((match) => match.lgaCodes)).toEqual(['33610']);
    expect(directory.matchSuburb('4385', 'texas (nsw)').flatMap((match) => match.lgaCodes)).toEqual([
      '14220',
    ]);
    expect(directory.matchSuburb('4385', 'Texas WA')).toEqual([]);
  });

  it('localities named by a suburb-level activation are found across postcodes, in their state only', async () => {
    const { directory } = await realGeography();
    const harcourt = directory.localitiesNamed('Harcourt', 'vic');
    expect(harcourt.map((match) => [match.locality.postcode, match.lgaCodes])).toEqual([['3453', ['25430']]]);
    expect(directory.localitiesNamed('Harcourt', 'nsw')).toEqual([]);
  });

  it('gives approximate points for a postcode and for an LGA', async () => {
    const { directory, index } = await realGeography();
    const postcode = approximateLocation({ postcode: '2480' }, { directory, index });
    expect(postcode).toEqual({ latitude: -28.7837, longitude: 153.2978, precision: 'postcode' });
    const lga = approximateLocation({ lga: '14850' }, { directory, index });
    expect(lga?.precision).toBe('lga');
    expect(index.lookup(lga?.longitude ?? 0, lga?.latitude ?? 0).lgas.map((l) => l.code)).toEqual(['14850']);
    expect(approximateLocation({ postcode: '0001' }, { directory, index })).toBeUndefined();
  });

  it('an unknown postcode has no entry', async () => {
    const { directory } = await realGeography();
    expect(directory.entry('0001')).toBeUndefined();
    expect(directory.postcodeCount).toBeGreaterThan(3000);
  });
});

describe('postcode directory, stand-in tables', () => {
  const { directory, tables, grid, index } = standInGeography();

  it('parses its own generated files without rejections', () => {
    expect(parseGnafLocalitiesCsv(tables.gnafLocalitiesCsv).rejected).toEqual([]);
    expect(parseAustralianPostcodesCsv(tables.postcodeLocalitiesCsv).rejected).toEqual([]);
  });

  it('a postcode spans the two LGAs of its cells', () => {
    const { spanning } = tables.cases;
    expect(codesOf(directory.entry(spanning.postcode)?.lgas)).toEqual([...spanning.lgaCodes].sort());
  });

  it('a suburb whose addresses centre on an LGA edge is placed in both', () => {
    const { straddling } = tables.cases;
    expect(directory.matchSuburb(straddling.postcode, straddling.suburb).flatMap((m) => m.lgaCodes)).toEqual(
      [...straddling.lgaCodes].sort(),
    );
  });

  it('a name on both sides of the state border matches both, and a state picks one', () => {
    const { border } = tables.cases;
    expect(
      directory
        .matchSuburb(border.postcode, border.suburb)
        .flatMap((m) => m.lgaCodes)
        .sort(),
    ).toEqual([border.nswLga, border.qldLga].sort());
    expect(directory.matchSuburb(border.postcode, `${border.suburb} NSW`).flatMap((m) => m.lgaCodes)).toEqual(
      [border.nswLga],
    );
  });

  it('an LGA with no localities still gets an approximate point from its polygon', () => {
    const point = approximateLocation({ lga: grid.enclave.code }, { directory, index });
    expect(point?.precision).toBe('lga');
    expect(index.lookup(point?.longitude ?? 0, point?.latitude ?? 0).lgas.map((l) => l.code)).toEqual([
      grid.enclave.code,
    ]);
  });
});
