import { describe, expect, it } from 'vitest';
import { suburbReader } from '../../../sources/common/address.js';

describe('suburbReader', () => {
  const nsw = suburbReader({ state: 'NSW' });

  it('takes the last comma-separated part, as written', () => {
    expect(nsw('Testwood Rd, Nowhereville')).toBe('Nowhereville');
    expect(nsw('RIVERVIEW COTTAGE, COTTER ROAD, STROMLO')).toBe('STROMLO');
    expect(nsw('Smith Rd, , Fakeford , ')).toBe('Fakeford');
  });

  it('drops a trailing state code and postcode, or a bare postcode after a comma or a space', () => {
    expect(nsw('Pretend Rd, Fakeford NSW 2630')).toBe('Fakeford');
    expect(nsw('Pretend Rd, Fakeford nsw')).toBe('Fakeford');
    expect(nsw('Pretend Rd, Fakeford, 2630')).toBe('Fakeford');
    expect(nsw('5 Stewart st, Cowra 2794')).toBe('Cowra');
    // Another state's code is part of the name.
    expect(nsw('Border Rd, Fakeford VIC')).toBe('Fakeford VIC');
  });

  it('drops a leading distance', () => {
    expect(nsw('4km SW of Fakeford')).toBe('Fakeford');
    expect(nsw('Old Rd, 10Km Nw Of Pretendale')).toBe('Pretendale');
    expect(nsw('2.5 km N Madeup')).toBe('Madeup');
  });

  it('gives nothing where no letter is left', () => {
    expect(nsw('-33.51, 150.22')).toBe('');
    expect(nsw('2630')).toBe('');
    expect(nsw('')).toBe('');
  });

  it('leaves an address without a comma to the agency rule, itself by default', () => {
    expect(nsw('Fakeford')).toBe('Fakeford');
    const noneAlone = suburbReader({ state: 'QLD', alone: () => '' });
    expect(noneAlone('Fakeford')).toBe('');
    expect(noneAlone('1 Madeup Rd, Pretendville QLD 4000')).toBe('Pretendville');
    const firstOfDash = suburbReader({ state: 'VIC', alone: (part) => part.split(' - ')[0] ?? '' });
    expect(firstOfDash('Kennedys Creek - Track 7')).toBe('Kennedys Creek');
    // The rule sees the part after the state, postcode and distance are gone, and its result needs a letter.
    expect(firstOfDash('5Km Nw Of Anglesea VIC 3230')).toBe('Anglesea');
    expect(suburbReader({ state: 'TAS', alone: (part) => part.replace(/\D/g, '') })('Lot 12')).toBe('');
  });
});
