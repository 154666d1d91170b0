import {
  areaId,
  categoryOf,
  incidentId,
  type IncidentDetails,
  type IncidentDraft,
  type IncidentGeometry,
  type IncidentLocation,
  type IncidentSource,
  type IncidentTimestamps,
  type UnmappedValue,
  STATE_TIME_ZONES,
} from '../../../model/index.js';
import { MalformedFeedError } from '../common/errors.js';
import { areaGeometry, centroidOf, flattenGeometry, pointGeometry } from '../common/geometry.js';
import { CAP_BY_WARNING_LEVEL } from '../common/cap-defaults.js';
import { decodeEntities, plainText } from '../common/html.js';
import { eventTypeOf, FALLBACK, statusOf, warningLevelOf } from './rfs-vocabulary.js';
import { parseLocalTime, parseUtcTimeInZone } from '../common/time.js';
import type { FeedParser } from '../common/types.js';

/**
 * NSW RFS https://www.rfs.nsw.gov.au/feeds/majorIncidents.json (FEEDS.md section 2).
 * Unmapped fields are reported as: guid, category, status, type, fire, updated, pubDate, timestamps.
 */

const FEED = 'NSW RFS majorIncidents.json';
const ZONE = STATE_TIME_ZONES.nsw;
/** `UPDATED: 10 Oct 2020 19:47`, Sydney wall clock. */
const UPDATED_FORMAT = 'd MMM yyyy H:mm';
/** `pubDate: 10/10/2020 8:47:00 AM`, UTC although nothing says so. */
const PUB_DATE_FORMAT = 'd/M/yyyy h:mm:ss a';

const KNOWN_KEYS = [
  'ALERT LEVEL',
  'LOCATION',
  'COUNCIL AREA',
  'STATUS',
  'TYPE',
  'FIRE',
  'SIZE',
  'RESPONSIBLE AGENCY',
  'UPDATED',
] as const;
type DescriptionKey = (typeof KNOWN_KEYS)[number];

const LINE_BREAK = /<br\s*\/?>|\r?\n/i;
const KEY_LINE = new RegExp(`^(${KNOWN_KEYS.join('|')})\\s*:(.*)$`, 'i');
/** The date in this key has a colon too ("12:15PM:"): the key ends at a colon not followed by a digit. */
const MAJOR_FIRE_UPDATE_LINE = /^MAJOR FIRE UPDATE AS AT\s+.+?:(?!\d)(.*)$/i;
const HREF = /<a\b[^>]*?\bhref\s*=\s*(["'])(.*?)\1/i;
interface Description {
  fields: Partial<Record<DescriptionKey, string>>;
  majorFireUpdateUrl?: string;
  /** Every line as plain text, joined by "\n". */
  text: string;
}

/** One feature's output, held until duplicates of its guid are resolved. */
interface ParsedFeature {
  id: string;
  updatedAt: number;
  drafts: IncidentDraft[];
  unmapped: UnmappedValue[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** By known keys only: values such as UPDATED contain colons, so splitting on ':' is wrong. */
function parseDescription(html: string): Description {
  const description: Description = { fields: {}, text: '' };
  const lines: string[] = [];
  for (const rawLine of html.split(LINE_BREAK)) {
    const line = rawLine.trim();
    const text = plainText(line);
    if (text) lines.push(text);
    const keyed = KEY_LINE.exec(line);
    if (keyed) {
      const key = keyed[1]?.toUpperCase() as DescriptionKey;
      description.fields[key] ??= plainText(keyed[2] ?? '');
      continue;
    }
    const majorFireUpdate = MAJOR_FIRE_UPDATE_LINE.exec(line);
    const href = majorFireUpdate ? HREF.exec(majorFireUpdate[1] ?? '')?.[2] : undefined;
    if (href) description.majorFireUpdateUrl = decodeEntities(href).trim();
  }
  description.text = lines.join('\n');
  return description;
}

/** `https://incidents.rfs.nsw.gov.au/api/v1/incidents/394730` or a bare `394730` → `394730`. */
function feedIdOf(guid: string | undefined): string | undefined {
  return guid?.trim().match(/(?:^|\/)(\d+)\/?$/)?.[1];
}

/** Best effort: the last comma-separated part, without a "NSW 2630" tail or a "4km SW of" lead. */
function suburbOf(location: string): string {
  const parts = location
    .replace(/\s*\bNSW\b\s*(?:\d{4})?\s*$/i, '')
    .replace(/,\s*\d{4}\s*$/, '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const last = (parts.at(-1) ?? '').replace(/^\d+(?:\.\d+)?\s*km\s+[NSEW]{1,3}\s+(?:of\s+)?/i, '');
  // Some LOCATIONs are bare coordinates: no suburb there.
  return /\p{L}/u.test(last) ? last : '';
}

function yesNo(value: string | undefined): boolean | undefined {
  const normalised = value?.toLowerCase();
  return normalised === 'yes' ? true : normalised === 'no' ? false : undefined;
}

function withoutUndefined(record: Record<string, unknown>): IncidentDetails {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
}

function readFeatures(body: Uint8Array): unknown[] {
  // TextDecoder drops a UTF-8 BOM; trimStart drops leading whitespace (and any stray U+FEFF).
  const text = new TextDecoder('utf-8').decode(body).trimStart();
  if (text === '') throw new MalformedFeedError(`${FEED}: empty body`);
  if (text.startsWith('<')) {
    throw new MalformedFeedError(
      `${FEED}: got HTML/XML instead of JSON: ${JSON.stringify(text.slice(0, 80))}`,
    );
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new MalformedFeedError(
      `${FEED}: not valid JSON (${error instanceof Error ? error.message : 'parse error'})`,
    );
  }
  if (!isRecord(document) || document.type !== 'FeatureCollection' || !Array.isArray(document.features)) {
    throw new MalformedFeedError(`${FEED}: not a GeoJSON FeatureCollection with a features array`);
  }
  return document.features as unknown[];
}

type Report = (field: string, value: string) => void;

/** Each time falls back to the other; undefined when neither parses. */
function timestampsOf(
  pubDate: string | undefined,
  updatedText: string | undefined,
  report: Report,
): Omit<IncidentTimestamps, 'fetched'> | undefined {
  const reported = pubDate ? parseUtcTimeInZone(pubDate, PUB_DATE_FORMAT, ZONE) : undefined;
  let updated = updatedText ? parseLocalTime(updatedText, UPDATED_FORMAT, ZONE) : undefined;
  // UPDATED is ambiguous in the hour repeated when DST ends; pubDate (UTC) names that same instant.
  if (updated && reported && updated.slice(0, 19) === reported.slice(0, 19)) updated = reported;
  const either = updated ?? reported;
  if (!either) return undefined;
  if (updatedText && !updated) report('updated', updatedText);
  if (pubDate && !reported) report('pubDate', pubDate);
  return { reported: reported ?? either, updated: updated ?? either };
}

/** The incident's point (or its polygons' centroid when it has no point) and its area, if any. */
function geometriesOf(geometry: unknown): {
  incident: IncidentGeometry | null;
  area: IncidentGeometry | null;
} {
  const flat = flattenGeometry(geometry);
  const area = areaGeometry(flat.polygons);
  const [point] = flat.points;
  if (point) return { incident: pointGeometry(point), area };
  if (!area) return { incident: null, area };
  const { longitude, latitude } = centroidOf(area);
  return { incident: pointGeometry([longitude, latitude]), area };
}

function parseFeature(feature: unknown, skipped: UnmappedValue[]): ParsedFeature | undefined {
  const properties = isRecord(feature) && isRecord(feature.properties) ? feature.properties : {};
  const guid = stringOf(properties.guid);
  const feedId = feedIdOf(guid);
  if (!feedId) {
    skipped.push({ field: 'guid', value: guid ?? '', incidentId: '' });
    return undefined;
  }
  const source: IncidentSource = { state: 'nsw', agency: 'rfs', feedId };
  const id = incidentId(source);
  const unmapped: UnmappedValue[] = [];
  const report: Report = (field, value) => {
    unmapped.push({ field, value, incidentId: id });
  };

  const { fields, majorFireUpdateUrl, text } = parseDescription(stringOf(properties.description) ?? '');
  const pubDate = stringOf(properties.pubDate);
  const timestamps = timestampsOf(pubDate, fields.UPDATED, report);
  if (!timestamps) {
    const value = `pubDate=${pubDate ?? ''}; UPDATED=${fields.UPDATED ?? ''}`;
    skipped.push({ field: 'timestamps', value, incidentId: id });
    return undefined;
  }

  const lookup = <T>(field: string, raw: string, map: (raw: string) => T | undefined, fallback: T): T => {
    const value = map(raw);
    if (value === undefined) report(field, raw);
    return value ?? fallback;
  };
  // Missing category → ALERT LEVEL; neither → '' which means no warning.
  const alertLevel = stringOf(properties.category) ?? fields['ALERT LEVEL'] ?? '';
  const warningLevel = lookup('category', alertLevel, warningLevelOf, FALLBACK.warningLevel);
  const eventType = lookup('type', fields.TYPE ?? '', eventTypeOf, FALLBACK.eventType);
  const status = lookup('status', fields.STATUS ?? '', statusOf, FALLBACK.status);
  const fire = yesNo(fields.FIRE);
  if (fields.FIRE !== undefined && fire === undefined) report('fire', fields.FIRE);

  const details = withoutUndefined({
    description: text,
    size: fields.SIZE,
    fire,
    responsible_agency: fields['RESPONSIBLE AGENCY'],
    alert_level: alertLevel || undefined,
    type: fields.TYPE,
    status_raw: fields.STATUS,
    major_fire_update_url: majorFireUpdateUrl,
    source_id: feedId,
    source_url: stringOf(properties.link),
    guid,
  });
  const address = fields.LOCATION ?? '';
  const place: IncidentLocation = {
    address,
    suburb: suburbOf(address),
    state: 'nsw',
    lga: fields['COUNCIL AREA'] ?? '',
  };
  const locate = (geometry: IncidentGeometry | null): IncidentLocation =>
    geometry ? { ...place, ...centroidOf(geometry), precision: 'exact' } : { ...place };
  const common = {
    source,
    title: stringOf(properties.title)?.trim() || address,
    eventType,
    eventCategory: categoryOf(eventType),
    status,
    warningLevel,
    ...CAP_BY_WARNING_LEVEL[warningLevel],
    timestamps,
  };

  const geometries = geometriesOf(isRecord(feature) ? feature.geometry : undefined);
  const drafts: IncidentDraft[] = [
    {
      id,
      featureType: 'incident',
      ...common,
      geometry: geometries.incident,
      location: locate(geometries.incident),
      details,
    },
  ];
  if (geometries.area) {
    drafts.push({
      id: areaId(id, 'incident_area'),
      featureType: 'incident_area',
      parentId: id,
      ...common,
      timestamps: { ...timestamps },
      geometry: geometries.area,
      location: locate(geometries.area),
      details: { ...details },
    });
  }
  return { id, updatedAt: Date.parse(timestamps.updated), drafts, unmapped };
}

export const parseNswRfsMajorIncidents: FeedParser = (body) => {
  const unmapped: UnmappedValue[] = [];
  const byId = new Map<string, ParsedFeature>();
  for (const feature of readFeatures(body)) {
    const parsed = parseFeature(feature, unmapped);
    if (!parsed) continue;
    // The same guid twice in one document: keep the later update (the later one on a tie).
    const previous = byId.get(parsed.id);
    if (!previous || parsed.updatedAt >= previous.updatedAt) byId.set(parsed.id, parsed);
  }
  const kept = [...byId.values()];
  return {
    incidents: kept.flatMap((parsed) => parsed.drafts),
    unmapped: [...unmapped, ...kept.flatMap((parsed) => parsed.unmapped)],
  };
};
