import { DateTime } from 'luxon';
import { offsetIsoToZonedIso, wallClockToZonedIso } from './cached-zone-offsets.js';
import { toIso } from './time.js';

/**
 * ISO 8601 timestamps (`2020-05-04T23:47:52+09:30`, `…Z`, `2026-09-15T18:19:03.73+10:00`, or no
 * offset at all) rendered in a state's zone with its offset and without fractional seconds (truncated,
 * as common/time.ts does). A time written without an offset is read in `assumeZone`: UTC by default,
 * since the feeds that omit it (QLD Atom) mean UTC; pass the state's zone for a local wall clock (CAP,
 * VIC, NT, QLD GeoJSON).
 * Never throws and never falls back to "now": undefined when the text is not ISO 8601.
 * The common forms go through cached-zone-offsets.ts (luxon costs ~0.1 ms per call with IANA zones);
 * anything else, and wall-clock times made ambiguous by DST, through luxon.
 */

const WITHOUT_OFFSET = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)(?::(\d\d)(?:\.\d{1,9})?)?$/;

function viaLuxon(text: string, zone: string, assumeZone: string): string | undefined {
  const parsed = DateTime.fromISO(text, { zone: assumeZone });
  return parsed.isValid ? toIso(parsed.setZone(zone)) : undefined;
}

export function parseIsoTimeInZone(text: string, zone: string, assumeZone = 'utc'): string | undefined {
  const trimmed = text.trim();
  const withOffset = offsetIsoToZonedIso(trimmed, zone);
  if (withOffset !== undefined) return withOffset;
  const wall = WITHOUT_OFFSET.exec(trimmed);
  if (wall) {
    const [, year, month, day, hour, minute, second] = wall.map(Number);
    const iso = wallClockToZonedIso(
      { year: year!, month: month!, day: day!, hour: hour!, minute: minute!, second: second || 0 },
      assumeZone,
      zone,
    );
    if (iso !== undefined) return iso;
  }
  return viaLuxon(trimmed, zone, assumeZone);
}
