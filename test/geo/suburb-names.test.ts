import { describe, expect, it } from 'vitest';
import { normaliseSuburbName, parseSuburbQuery, salLocalityName } from '../../geo/index.js';

describe('suburb names', () => {
  it('fold case, accents, apostrophes, punctuation and spacing the same way on both sides', () => {
    expect(normaliseSuburbName('  LISMORE   HEIGHTS ')).toBe('lismore heights');
    expect(normaliseSuburbName("O'Connor")).toBe(normaliseSuburbName('OCONNOR'));
    expect(normaliseSuburbName('Tucki-Tucki')).toBe('tucki tucki');
    expect(normaliseSuburbName('St. Kilda')).toBe('st kilda');
    expect(normaliseSuburbName('Bünd')).toBe('bund');
  });

  it('match exactly: no abbreviation expansion, no fuzzy matching', () => {
    expect(normaliseSuburbName('Mt Isa')).not.toBe(normaliseSuburbName('Mount Isa'));
    expect(normaliseSuburbName('Lismor')).not.toBe(normaliseSuburbName('Lismore'));
  });

  it('read a trailing state as a qualifier, in any of the usual forms', () => {
    expect(parseSuburbQuery('Texas QLD')).toEqual({
      key: 'texas qld',
      jurisdiction: 'qld',
      bareKey: 'texas',
    });
    expect(parseSuburbQuery('texas, nsw')).toMatchObject({ jurisdiction: 'nsw', bareKey: 'texas' });
    expect(parseSuburbQuery('Texas (Qld)')).toMatchObject({ jurisdiction: 'qld', bareKey: 'texas' });
    expect(parseSuburbQuery('Texas')).toEqual({ key: 'texas', bareKey: 'texas' });
    expect(parseSuburbQuery('NSW')).toEqual({ key: 'nsw', bareKey: 'nsw' });
  });

  it('drop the bracketed state ABS adds to repeated SAL names', () => {
    expect(salLocalityName('Longwood (Vic.)')).toBe('Longwood');
    expect(salLocalityName('Harcourt')).toBe('Harcourt');
    expect(salLocalityName('Kensington (NSW)')).toBe('Kensington');
  });
});
