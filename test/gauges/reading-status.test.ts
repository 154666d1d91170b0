import { describe, expect, it } from 'vitest';
import { GAUGE_SOURCES } from '../../config/gauge-sources.js';
import { readingStatus } from '../../gauges/index.js';
import { STALENESS_HORIZON_HOURS } from '../../model/index.js';

const HOUR_MS = 3_600_000;

describe('readingStatus', () => {
  it('uses the spec horizons: 72 h for the national archive, 48 h for council loggers, 24 h for other telemetry', () => {
    expect(STALENESS_HORIZON_HOURS).toEqual({ national_archive: 72, council_event: 48, telemetry: 24 });
    const horizons = Object.fromEntries(
      GAUGE_SOURCES.map((source) => [source.name, source.stalenessHorizonHours]),
    );
    expect(horizons).toEqual({
      'nsw-hydstra': 24,
      'vic-hydstra': 24,
      'qld-hydstra': 24,
      'sa-aquarius': 24,
      'tas-aquarius': 24,
      'nt-aquarius': 24,
      'bom-kiwis': 72,
      'bcc-telemetry': 48,
    });
  });

  it('is current exactly at the horizon and stale one millisecond past it, for every source', () => {
    const reading = '2026-02-01T09:00:00+10:00';
    const readingMs = Date.parse(reading);
    for (const source of GAUGE_SOURCES) {
      const horizonMs = source.stalenessHorizonHours * HOUR_MS;
      expect(readingStatus(reading, readingMs + horizonMs, source.stalenessHorizonHours), source.name).toBe(
        'current',
      );
      expect(
        readingStatus(reading, readingMs + horizonMs + 1, source.stalenessHorizonHours),
        source.name,
      ).toBe('stale');
    }
  });

  it('reads the reading time with its offset (the same instant written at +09:30 or Z)', () => {
    const nowMs = Date.parse('2026-02-02T09:00:00+10:00');
    expect(readingStatus('2026-02-01T08:30:00+09:30', nowMs, 24)).toBe('current');
    expect(readingStatus('2026-01-31T22:59:59Z', nowMs, 24)).toBe('stale');
  });

  it('is stale with no reading or an unreadable one, and current for a reading stamped ahead of the clock', () => {
    const nowMs = Date.parse('2026-02-02T09:00:00+10:00');
    expect(readingStatus(null, nowMs, 24)).toBe('stale');
    expect(readingStatus('yesterday', nowMs, 24)).toBe('stale');
    expect(readingStatus('2026-02-02T09:10:00+10:00', nowMs, 24)).toBe('current');
  });
});
