import { beforeAll, describe, expect, it } from 'vitest';
import { geographyLocator, lgaNameKey } from '../../geo/index.js';
import type { ApproximateLocator } from '../../model/index.js';
import { realGeography } from './support/real-geography.js';

/** Kilometres between two points (equirectangular: fine at the few kilometres these tests allow). */
function km(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const x =
    ((b.longitude - a.longitude) * Math.PI * Math.cos(((a.latitude + b.latitude) * Math.PI) / 360)) / 180;
  const y = ((b.latitude - a.latitude) * Math.PI) / 180;
  return Math.hypot(x, y) * 6371;
}

describe('lgaNameKey', () => {
  it('reads the ways sources and the ABS name one council alike', () => {
    expect(lgaNameKey('City of Greater Geelong')).toBe(lgaNameKey('Greater Geelong (C)'));
    expect(lgaNameKey('Shire of Broome')).toBe('broome');
    expect(lgaNameKey('The Hills Shire Council')).toBe('hills');
    expect(lgaNameKey('Queanbeyan-Palerang Regional Council')).toBe('queanbeyan palerang');
  });
});

/** Over the real ABS boundaries and G-NAF tables in ../shared (coarse, simplified boundaries). */
describe('the archive locator over the real geography', () => {
  let locator: ApproximateLocator;
  const sydney = { latitude: -33.87, longitude: 151.21 };

  beforeAll(async () => {
    locator = geographyLocator(await realGeography());
  });

  it('places points well inside an LGA in their state and LGA, and none outside Australia', () => {
    expect(locator.byPoint(-37.81, 144.96)).toEqual({ state: 'vic', lga: 'Melbourne' });
    expect(locator.byPoint(-32.25, 148.6)).toMatchObject({ state: 'nsw' });
    expect(locator.byPoint(-31.95, 115.86)).toMatchObject({ state: 'wa' });
    expect(locator.byPoint(0, 0)).toBeUndefined();
  });

  it("gives a postcode's centroid only in a state the postcode belongs to", () => {
    const cbd = locator.byPostcode('2000', 'nsw');
    expect(cbd?.lga).toBe('Sydney');
    expect(km(cbd!, sydney)).toBeLessThan(3);
    expect(locator.byPostcode('2000', 'vic')).toBeUndefined();
    // 2620 spans the ACT and NSW: each state gets the centroid with its own LGA.
    expect(locator.byPostcode('2620', 'act')).toBeDefined();
    expect(locator.byPostcode('2620', 'nsw')?.lga).toBe('Queanbeyan-Palerang');
    expect(locator.byPostcode('9999', 'nsw')).toBeUndefined();
  });

  it("gives an LGA's centroid by its name as sources write it, in its own state only", () => {
    const city = locator.byLgaName('City of Sydney', 'nsw');
    expect(city?.lga).toBe('Sydney');
    expect(km(city!, sydney)).toBeLessThan(5);
    expect(locator.byLgaName('Greater Geelong City Council', 'vic')?.lga).toBe('Greater Geelong');
    expect(locator.byLgaName('Sydney', 'vic')).toBeUndefined();
    expect(locator.byLgaName('Nowhere Shire', 'nsw')).toBeUndefined();
  });
});
