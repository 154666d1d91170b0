import { describe, expect, it } from 'vitest';
import { positionFromLatLonText, positionsFromLatLonLines } from '../../../sources/common/lat-lon-text.js';

describe('positionFromLatLonText', () => {
  it('reads "lat,lon" with or without spaces, as [lng, lat]', () => {
    expect(positionFromLatLonText('-34.5,138.25')).toEqual([138.25, -34.5]);
    expect(positionFromLatLonText(' -34.5, 138.25 ')).toEqual([138.25, -34.5]);
    expect(positionFromLatLonText('+12,-.5')).toEqual([-0.5, 12]);
  });

  it('refuses anything else', () => {
    for (const text of ['', '-34.5', '-34.5,138.25,0', 'a,b', '-95,138', '-34,181', '-34.5;138.25']) {
      expect(positionFromLatLonText(text), text).toBeUndefined();
    }
  });

  it('reads exponents only when asked', () => {
    expect(positionFromLatLonText('-3.4e1,1.38e2')).toBeUndefined();
    expect(positionFromLatLonText('-3.4e1,1.38e2', { exponent: true })).toEqual([138, -34]);
  });

  it('reads "lat,lon" text into [lng, lat]', () => {
    expect(positionFromLatLonText('-31.95,115.86')).toEqual([115.86, -31.95]);
    expect(positionFromLatLonText(' -31.95 , 115.86 ')).toEqual([115.86, -31.95]);
    expect(positionFromLatLonText('115.86,-31.95,0')).toBeUndefined();
    expect(positionFromLatLonText('-131.95,115.86')).toBeUndefined();
    expect(positionsFromLatLonLines('-31,117\r\n\n-32,118\nx,y\n')).toEqual({
      positions: [
        [117, -31],
        [118, -32],
      ],
      skipped: 1,
    });
  });
});
