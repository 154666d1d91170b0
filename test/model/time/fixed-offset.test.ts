import { describe, expect, it } from 'vitest';
import {
  compactLocalTime,
  compactTimeAt,
  formatAtOffset,
  normaliseInstant,
  parseInstant,
} from '../../../model/time/fixed-offset.js';

describe('gauge document times', () => {
  it('writes any instant at a fixed offset as the same instant, to the second', () => {
    for (const offset of [600, 570, 0, -180]) {
      for (let ms = -2.5e12; ms < 4.1e12; ms += 9_876_543_211) {
        const text = formatAtOffset(ms, offset);
        expect(text, String(ms)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
        expect(Date.parse(text), text).toBe(Math.floor(ms / 1000) * 1000);
      }
    }
    expect(formatAtOffset(Date.parse('2020-02-29T14:30:00Z'), 570)).toBe('2020-03-01T00:00:00+09:30');
  });

  it('reads 14-digit local standard times, refusing ones that are not on the calendar', () => {
    expect(compactLocalTime(20240229235959, 600)).toBe('2024-02-29T23:59:59+10:00');
    expect(compactLocalTime(' 20200101001500 ', 570)).toBe('2020-01-01T00:15:00+09:30');
    expect(compactLocalTime(20230229000000, 600)).toBeUndefined();
    expect(compactLocalTime(20200431000000, 600)).toBeUndefined();
    expect(compactLocalTime(20200101240000, 600)).toBeUndefined();
    expect(compactLocalTime('2020010100000', 600)).toBeUndefined();
    expect(compactLocalTime(2.02001010000005e13, 600)).toBeUndefined();
    expect(compactTimeAt(Date.parse('2026-02-01T00:00:00Z'), 570)).toBe('20260201093000');
  });

  it('reads ISO times with fractions, Z, compact offsets, T24:00 and the .NET minimum and maximum dates', () => {
    expect(normaliseInstant('2020-01-01T00:00:00.000+10:00')).toBe('2020-01-01T00:00:00+10:00');
    expect(normaliseInstant('2026-02-28T24:00:00.0000000+09:30')).toBe('2026-03-01T00:00:00+09:30');
    expect(normaliseInstant('2024-06-03T00:05:00Z', { targetOffsetMinutes: 600 })).toBe(
      '2024-06-03T10:05:00+10:00',
    );
    expect(normaliseInstant('2024-06-03T10:05:00+1000')).toBe('2024-06-03T10:05:00+10:00');
    expect(normaliseInstant('0001-01-01T00:00:00.0000000+00:00')).toBe('0001-01-01T00:00:00+00:00');
    expect(normaliseInstant('9999-12-31T23:59:59.9999999+00:00')).toBe('9999-12-31T23:59:59+00:00');
    expect(normaliseInstant('2024-06-03T10:05:00')).toBeUndefined();
    expect(normaliseInstant('2024-06-03T10:05:00', { assumedOffsetMinutes: 600 })).toBe(
      '2024-06-03T10:05:00+10:00',
    );
    expect(parseInstant('2024-06-31T10:05:00Z')).toBeUndefined();
    expect(parseInstant('2000-03-01T00:00:00Z')?.epochMs).toBe(Date.UTC(2000, 2, 1));
  });
});
