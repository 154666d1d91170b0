import { describe, expect, it } from 'vitest';
import { parseLatLonString } from '../../../activities/sources/common/lat-lon-string.js';

describe('parseLatLonString', () => {
  it('reads "lat,lon" with or without spaces, as [lng, lat]', () => {
    expect(parseLatLonString('-34.5,138.25')).toEqual([138.25, -34.5]);
    expect(parseLatLonString(' -34.5, 138.25 ')).toEqual([138.25, -34.5]);
    expect(parseLatLonString('+12,-.5')).toEqual([-0.5, 12]);
  });

  it('refuses anything else', () => {
    for (const text of ['', '-34.5', '-34.5,138.25,0', 'a,b', '-95,138', '-34,181', '-34.5;138.25']) {
      expect(parseLatLonString(text), text).toBeUndefined();
    }
  });
});
