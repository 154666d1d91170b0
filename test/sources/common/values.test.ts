import { describe, expect, it } from 'vitest';
import { numberOf, trimmedText, withoutEmpty } from '../../../sources/common/values.js';

describe('values helpers', () => {
  it('trimmedText: strings trimmed and numbers written out; blank and anything else undefined', () => {
    expect(trimmedText('  Fakeford \n')).toBe('Fakeford');
    expect(trimmedText(12.5)).toBe('12.5');
    expect(trimmedText(0)).toBe('0');
    for (const value of ['', '   ', Number.NaN, null, undefined, true, ['x'], { x: 1 }]) {
      expect(trimmedText(value)).toBeUndefined();
    }
  });

  it('numberOf: finite numbers, and decimal text with or without thousands separators', () => {
    expect(numberOf(3)).toBe(3);
    expect(numberOf('3')).toBe(3);
    expect(numberOf(' -26.6 ')).toBe(-26.6);
    expect(numberOf('+5')).toBe(5);
    expect(numberOf('.5')).toBe(0.5);
    expect(numberOf('1,500.5')).toBe(1500.5);
    expect(numberOf('12,345,678')).toBe(12345678);
  });

  it('numberOf: anything else is undefined, never NaN or a guess', () => {
    for (const value of [
      '',
      ' ',
      'Not Available',
      '12 ha',
      '1,5',
      '-34.9,138.6',
      '1e3',
      '0x10',
      'Infinity',
      Number.POSITIVE_INFINITY,
      Number.NaN,
      null,
      true,
      ['3'],
    ]) {
      expect(numberOf(value), String(value)).toBeUndefined();
    }
  });

  it("withoutEmpty: drops undefined and '' members, keeps the rest in order", () => {
    expect(withoutEmpty({ a: 'x', b: '', c: undefined, d: 0, e: false, f: null, g: ' ' })).toEqual({
      a: 'x',
      d: 0,
      e: false,
      f: null,
      g: ' ',
    });
    expect(Object.keys(withoutEmpty({ z: 1, a: 2 }))).toEqual(['z', 'a']);
  });
});
