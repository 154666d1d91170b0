import {
  incidentId,
  type IncidentLocation,
  type IncidentSource,
  type IncidentTimestamps,
  STATE_TIME_ZONES,
} from '../../model/index.js';
import { readFeatureCollection } from '../common/body-text.js';
import { collectRecords, type CollectedRecord, type RecordCollector } from '../common/collector.js';
import { draftsOf } from '../common/drafts.js';
import { flattenGeometry } from '../common/geometry.js';
import { readRfsDescription, readRfsIncident, rfsSuburbOf } from './rfs-description.js';
import { eventTypeOf } from './rfs-vocabulary.js';
import { parseLocalTime, parseUtcTimeInZone } from '../common/time.js';
import type { FeedParser } from '../common/types.js';
import { isRecord, stringOf } from '../common/values.js';
import { unmappedFor } from '../common/vocabulary.js';

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

/** `https://incidents.rfs.nsw.gov.au/api/v1/incidents/394730` or a bare `394730` → `394730`. */
function feedIdOf(guid: string | undefined): string | undefined {
  return guid?.trim().match(/(?:^|\/)(\d+)\/?$/)?.[1];
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

/** A feature without a guid or a readable time is reported as unmapped (never dropped in silence). */
function parseFeature(feature: unknown, collector: RecordCollector): CollectedRecord | undefined {
  const properties = isRecord(feature) && isRecord(feature.properties) ? feature.properties : {};
  const guid = stringOf(properties.guid);
  const feedId = feedIdOf(guid);
  if (!feedId) {
    collector.report({ field: 'guid', value: guid ?? '', incidentId: '' });
    return undefined;
  }
  const source: IncidentSource = { state: 'nsw', agency: 'rfs', feedId };
  const id = incidentId(source);
  const { unmapped, report } = unmappedFor(id);

  const { fields, majorFireUpdateUrl, text } = readRfsDescription(stringOf(properties.description) ?? '');
  const pubDate = stringOf(properties.pubDate);
  const timestamps = timestampsOf(pubDate, fields.UPDATED, report);
  if (!timestamps) {
    const value = `pubDate=${pubDate ?? ''}; UPDATED=${fields.UPDATED ?? ''}`;
    collector.report({ field: 'timestamps', value, incidentId: id });
    return undefined;
  }

  const { eventType, status, warningLevel, details } = readRfsIncident({
    description: { fields, majorFireUpdateUrl, text },
    category: stringOf(properties.category),
    feedId,
    guid,
    link: stringOf(properties.link),
    eventTypeOf,
    report,
  });
  const address = fields.LOCATION ?? '';
  const place: IncidentLocation = {
    address,
    suburb: rfsSuburbOf(address),
    state: 'nsw',
    lga: fields['COUNCIL AREA'] ?? '',
  };
  const flat = flattenGeometry(isRecord(feature) ? feature.geometry : undefined);
  const drafts = draftsOf({
    id,
    source,
    title: stringOf(properties.title)?.trim() || address,
    eventType,
    status,
    warningLevel,
    timestamps,
    place,
    details,
    point: flat.points[0],
    polygons: flat.polygons,
    areaType: 'incident_area',
  });
  return { id, upstreamId: feedId, updatedAt: Date.parse(timestamps.updated), drafts, unmapped };
}

export const parseNswRfsMajorIncidents: FeedParser = (body) =>
  collectRecords(readFeatureCollection(body, FEED), parseFeature);
