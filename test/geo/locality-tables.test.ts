import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  parseAustralianPostcodesCsv,
  parseGnafLocalitiesCsv,
  parseGnafPostcodesCsv,
} from '../../geo/index.js';
import { realGeographyPaths } from './support/real-geography.js';

describe('locality tables, real files', () => {
  const paths = realGeographyPaths();

  it('G-NAF localities: every row read, state and point included', () => {
    const { rows, rejected } = parseGnafLocalitiesCsv(readFileSync(paths.gnafLocalities, 'utf8'));
    expect(rejected).toEqual([]);
    expect(rows).toHaveLength(15318);
    expect(rows.find((row) => row.locality === 'Nimbin')).toEqual({
      locality: 'Nimbin',
      state: 'nsw',
      postcode: '2480',
      addresses: 1231,
      latitude: -28.589,
      longitude: 153.2389,
    });
  });

  it('G-NAF postcodes: every row read', () => {
    const { rows, rejected } = parseGnafPostcodesCsv(readFileSync(paths.gnafPostcodes, 'utf8'));
    expect(rejected).toEqual([]);
    expect(rows).toHaveLength(2640);
  });

  it("Australian postcodes: the locality's own point is preferred, and removed rows are reported with their lines", () => {
    const { rows, rejected } = parseAustralianPostcodesCsv(readFileSync(paths.postcodeLocalities, 'utf8'));
    expect(rows.length + rejected.length).toBe(18559);
    expect(rejected).toHaveLength(17);
    expect(rejected.every((row) => row.reason.startsWith('marked removed'))).toBe(true);
    expect(rejected[0]?.line).toBe(10451);
    const nimbin = rows.find((row) => row.postcode === '2480' && row.locality === 'NIMBIN');
    // The Lat/Long pair is the postcode's point; the Google pair is Nimbin's own.
    expect(nimbin?.point).toEqual({ latitude: -28.595833, longitude: 153.223056 });
    expect(nimbin?.postcodeLgaCode).toBe('10250');
  });
});

describe('locality tables, bad rows', () => {
  it('are counted with their line numbers, never dropped silently', () => {
    const csv = [
      'locality,state,postcode,count,latitude,longitude',
      'Alpha,NSW,2000,10,-33.8,151.2',
      'Beta,NSW,200,10,-33.8,151.2',
      'Gamma,XYZ,2000,10,-33.8,151.2',
      'Delta,NSW,2000,ten,-33.8,151.2',
      'Epsilon,NSW,2000,10,0,0',
      'Zeta,NSW,2000,10',
      '"Eta, North",NSW,2001,5,-33.7,151.1',
    ].join('\n');
    const { rows, rejected } = parseGnafLocalitiesCsv(csv);
    expect(rows.map((row) => row.locality)).toEqual(['Alpha', 'Eta, North']);
    expect(rejected.map(({ line, reason }) => ({ line, reason }))).toEqual([
      { line: 3, reason: 'postcode is not four digits' },
      { line: 4, reason: 'unknown state' },
      { line: 5, reason: 'address count is not a whole number' },
      { line: 6, reason: 'no usable coordinates' },
      { line: 7, reason: 'has 4 fields, the header has 6' },
    ]);
  });

  it('a file without the expected columns fails as a whole', () => {
    expect(() => parseGnafPostcodesCsv('postcode,lat\n2000,1\n')).toThrow(/lacks column/);
  });
});
