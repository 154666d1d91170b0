import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { parseIsoTimeInZone } from '../../../sources/common/iso-time.js';

/** What luxon alone gives: the reference the cached fast path must match. */
function viaLuxon(text: string, zone: string, assumeZone: string): string | undefined {
  const parsed = DateTime.fromISO(text.trim(), { zone: assumeZone });
  if (!parsed.isValid) return undefined;
  return parsed.setZone(zone).startOf('second').toISO({ suppressMilliseconds: true }) ?? undefined;
}

describe('ISO 8601 times in a state zone', () => {
  it('keeps the instant, renders the zone offset, truncates fractions', () => {
    expect(parseIsoTimeInZone('2020-05-04T23:47:52+09:30', 'Australia/Darwin')).toBe(
      '2020-05-04T23:47:52+09:30',
    );
    expect(parseIsoTimeInZone('2020-05-05T16:05:00.9390182+09:30', 'Australia/Darwin')).toBe(
      '2020-05-05T16:05:00+09:30',
    );
    expect(parseIsoTimeInZone('2026-09-15T18:19:03.73+10:00', 'Australia/Brisbane')).toBe(
      '2026-09-15T18:19:03+10:00',
    );
    expect(parseIsoTimeInZone('2024-02-23T05:04:49.543Z', 'Australia/Sydney')).toBe(
      '2024-02-23T16:04:49+11:00',
    );
  });

  it('reads a time without an offset as UTC by default, or in the zone given', () => {
    expect(parseIsoTimeInZone('2018-09-08T05:01:50', 'Australia/Brisbane')).toBe('2018-09-08T15:01:50+10:00');
    expect(parseIsoTimeInZone(' 2018-09-08T05:01 ', 'Australia/Brisbane')).toBe('2018-09-08T15:01:00+10:00');
    expect(parseIsoTimeInZone('2026-09-15T18:19:03', 'Australia/Brisbane', 'Australia/Brisbane')).toBe(
      '2026-09-15T18:19:03+10:00',
    );
    expect(parseIsoTimeInZone('2026-01-15T09:00:00', 'Australia/Sydney', 'Australia/Sydney')).toBe(
      '2026-01-15T09:00:00+11:00',
    );
  });

  it('returns undefined for what is not ISO 8601, never "now"', () => {
    for (const text of ['', 'soon', '04/05/2020 23:47', '2020-02-30T10:00:00', '2020-05-04T25:00:00+09:30']) {
      expect(parseIsoTimeInZone(text, 'Australia/Darwin'), text).toBeUndefined();
    }
    expect(parseIsoTimeInZone('2020-05-04T23:47:52+09:30', 'Not/AZone')).toBeUndefined();
  });

  it('matches luxon on every form, DST changes included', () => {
    const texts = [
      '2020-05-05T16:05:00.9390182+09:30',
      '2018-09-08T05:01:50',
      '2018-09-08T05:01:50Z',
      '2021-04-04T02:30:00',
      '2021-10-03T02:30:00',
      '2021-04-03T15:30:00Z',
      '2020-05-04T23:47:52+0930',
      '2020-12-31T23:59:59.999-03:00',
      '2020-05-04',
    ];
    for (const zone of ['Australia/Sydney', 'Australia/Adelaide', 'Australia/Darwin', 'Australia/Brisbane']) {
      for (const assumeZone of ['utc', zone]) {
        for (const text of texts) {
          expect(parseIsoTimeInZone(text, zone, assumeZone), `${text} ${zone} ${assumeZone}`).toBe(
            viaLuxon(text, zone, assumeZone),
          );
        }
      }
    }
  });
});
