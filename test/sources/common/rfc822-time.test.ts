import { describe, expect, it } from 'vitest';
import { parseRfc822Time } from '../../../sources/common/rfc822-time.js';

describe('parseRfc822Time', () => {
  it('keeps the instant and renders it in the zone, DST-aware', () => {
    expect(parseRfc822Time('Fri, 17 May 2024 19:44:05 +0930', 'Australia/Adelaide')).toBe(
      '2024-05-17T19:44:05+09:30',
    );
    expect(parseRfc822Time('Sun, 07 Jan 2024 02:50:00 GMT', 'Australia/Adelaide')).toBe(
      '2024-01-07T13:20:00+10:30',
    );
    expect(parseRfc822Time('7 Jan 2024 13:20:00 +1030', 'Australia/Sydney')).toBe(
      '2024-01-07T13:50:00+11:00',
    );
  });

  it('ignores a weekday that does not match, and returns undefined for nonsense', () => {
    expect(parseRfc822Time('Mon, 17 May 2024 19:44:05 +0930', 'Australia/Adelaide')).toBe(
      '2024-05-17T19:44:05+09:30',
    );
    expect(parseRfc822Time('', 'Australia/Adelaide')).toBeUndefined();
    expect(parseRfc822Time('17/05/2024 19:44', 'Australia/Adelaide')).toBeUndefined();
  });
});
