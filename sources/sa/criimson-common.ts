import {
  categoryOf,
  incidentId,
  STATE_TIME_ZONES,
  type IncidentDetails,
  type IncidentDraft,
  type IncidentSource,
  type Position,
  type UnmappedValue,
} from '../../model/index.js';
import { suburbReader } from '../common/address.js';
import { CAP_BY_WARNING_LEVEL } from '../common/cap-defaults.js';
import type { CollectedRecord, RecordCollector } from '../common/collector.js';
import { pointGeometry } from '../common/geometry.js';
import { plainText } from '../common/html.js';
import { parseLocalTime } from '../common/time.js';
import { eventTypeOf, FALLBACK, statusOf } from './criimson-vocabulary.js';

import { withoutEmpty } from '../common/values.js';
import { type Report } from '../common/vocabulary.js';

export { numberOf, stringOf, withoutEmpty } from '../common/values.js';

/**
 * What the SA CRIIMSON formats (CFS current incidents JSON, CFS/MFS placemark KML, the 2013 RSS) have in
 * common: one incident number space shared by CFS and MFS, `Type`/`Status`/`Region`, "First Reported"
 * lines, and the draft built from them, so that one incident reads the same from every format.
 */

export const ZONE = STATE_TIME_ZONES.sa;

export type CriimsonAgency = 'cfs' | 'mfs';

/** One upstream record, read by a format parser, before mapping. */
export interface CriimsonRecord {
  /** The CRIIMSON incident number. */
  incidentNo: string;
  /** The agency of the feed it came from: used when Region does not tell. */
  feedAgency: CriimsonAgency;
  /** As written: "1"–"6" (CFS regions) or "MFS". */
  region: string | undefined;
  type: string | undefined;
  status: string | undefined;
  /** "STREET, SUBURB", tidied. */
  address: string;
  suburb: string;
  position: Position | undefined;
  reported: string | undefined;
  updated: string | undefined;
  /** Format-specific details, passed through. */
  details: IncidentDetails;
  /** Values the format parser could not read (e.g. a Location that is not "lat,lon"). */
  unreadable?: { field: string; value: string }[];
}

/**
 * CFS and MFS number incidents in one CRIIMSON sequence and list each other's incidents (the CFS
 * placemarks carry MFS-region incidents, also in the MFS placemarks). The agency of the id is the
 * one Region names, so an incident has one id in every feed: "MFS" → mfs, a CFS region number → cfs,
 * anything else → the feed's own agency.
 */
export function agencyOf(region: string | undefined, feedAgency: CriimsonAgency): CriimsonAgency {
  const normalised = region?.trim().toUpperCase() ?? '';
  if (normalised === 'MFS') return 'mfs';
  if (/^\d+$/.test(normalised)) return 'cfs';
  return feedAgency;
}

/** Upper-case CAD text tidied: white space folded, no space before a comma, no stray commas at the ends. */
export function tidy(text: string | undefined): string {
  return (text ?? '')
    .replace(/\s+/g, ' ')
    .replace(/\s+,/g, ',')
    .replace(/^[\s,]+|[\s,]+$/g, '');
}

/** The SUBURB of "STREET, SUBURB" (the whole text when there is no comma): common/address.ts. */
export const suburbOf = suburbReader({ state: 'SA' });

const DESCRIPTION_KEYS = ['First Reported', 'Status', 'Region'] as const;
type DescriptionKey = (typeof DESCRIPTION_KEYS)[number];
const KEY_LINE = new RegExp(`^(${DESCRIPTION_KEYS.join('|')})\\s*:(.*)$`, 'i');
const LINE_BREAK = /<br\s*\/?>|\r?\n/i;

export interface CriimsonDescription {
  /** The first line when it has no key: the incident type in the placemarks ('' when empty). */
  lead: string | undefined;
  fields: Partial<Record<DescriptionKey, string>>;
  /** Every non-empty line as plain text, joined by "\n". */
  text: string;
}

/**
 * `Tree Fire<br>First Reported: Tuesday, 05 May 2020 16:33:00<br>Status: GOING<br>Region: MFS`
 * (escaped in the document; the XML reader has decoded it once). By known keys: the time has colons.
 */
export function parseDescription(html: string): CriimsonDescription {
  const description: CriimsonDescription = { lead: undefined, fields: {}, text: '' };
  const lines: string[] = [];
  html.split(LINE_BREAK).forEach((rawLine, index) => {
    const line = plainText(rawLine);
    if (line) lines.push(line);
    const keyed = KEY_LINE.exec(line);
    if (keyed) {
      const key = DESCRIPTION_KEYS.find((known) => known.toLowerCase() === keyed[1]?.toLowerCase());
      if (key) description.fields[key] ??= (keyed[2] ?? '').trim();
    } else if (index === 0) {
      description.lead = line;
    }
  });
  description.text = lines.join('\n');
  return description;
}

/** `Tuesday, 05 May 2020 16:33:00` (month abbreviated or in full), Adelaide wall clock; the weekday is not checked. */
export function parseFirstReported(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const withoutWeekday = text.replace(/^\s*[a-z]+,\s*/i, '');
  return (
    parseLocalTime(withoutWeekday, 'd MMM yyyy H:mm:ss', ZONE) ??
    parseLocalTime(withoutWeekday, 'd MMMM yyyy H:mm:ss', ZONE)
  );
}

function draftOf(record: CriimsonRecord, report: Report): IncidentDraft {
  const reported = record.reported ?? record.updated ?? '';
  const updated = record.updated ?? reported;
  for (const { field, value } of record.unreadable ?? []) report(field, value);
  const type = tidy(record.type);
  const rawStatus = tidy(record.status);
  const eventType = eventTypeOf(type);
  if (eventType === undefined) report('type', type);
  const status = statusOf(rawStatus);
  if (status === undefined) report('status', rawStatus);
  const mapped = eventType ?? FALLBACK.eventType;
  const source: IncidentSource = {
    state: 'sa',
    agency: agencyOf(record.region, record.feedAgency),
    feedId: record.incidentNo,
  };
  const geometry = record.position ? pointGeometry(record.position) : null;
  const [longitude, latitude] = record.position ?? [];
  return {
    id: incidentId(source),
    featureType: 'incident',
    source,
    title: record.address || type || `Incident ${record.incidentNo}`,
    eventType: mapped,
    eventCategory: categoryOf(mapped),
    status: status ?? FALLBACK.status,
    warningLevel: 'none',
    ...CAP_BY_WARNING_LEVEL.none,
    geometry,
    location: {
      address: record.address,
      suburb: record.suburb,
      state: 'sa',
      lga: '',
      ...(latitude !== undefined && longitude !== undefined
        ? { latitude, longitude, precision: 'exact' as const }
        : {}),
    },
    details: withoutEmpty({
      source_id: record.incidentNo,
      type: type || undefined,
      status_raw: rawStatus || undefined,
      region: record.region?.trim(),
      ...record.details,
    }),
    timestamps: { reported, updated },
  };
}

/** A record's draft, ready for the one-per-id rule (common/collector.ts); one with no time is dropped. */
export function collectedOf(record: CriimsonRecord, collector: RecordCollector): CollectedRecord | undefined {
  if (record.reported === undefined && record.updated === undefined) {
    collector.drop('no-timestamps', record.incidentNo);
    return undefined;
  }
  const unmapped: UnmappedValue[] = [];
  const draft = draftOf(record, (field, value) => {
    unmapped.push({ field, value, incidentId: '' });
  });
  for (const value of unmapped) value.incidentId = draft.id;
  const updatedAt = Date.parse(draft.timestamps.updated);
  return { id: draft.id, upstreamId: record.incidentNo, updatedAt, drafts: [draft], unmapped };
}
