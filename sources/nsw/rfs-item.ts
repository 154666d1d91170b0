import {
  incidentId,
  STATE_TIME_ZONES,
  type EventType,
  type IncidentSource,
  type Position,
} from '../../model/index.js';
import type { CollectedRecord, RecordCollector } from '../common/collector.js';
import { draftsOf, eitherTimestamps, type Timestamps } from '../common/drafts.js';
import { parseLocalTime } from '../common/time.js';
import { type Report, unmappedFor } from '../common/vocabulary.js';
import { readRfsDescription, readRfsIncident, rfsSuburbOf } from './rfs-description.js';

/**
 * One majorIncidents item, as the JSON feed (a feature) and the GeoRSS feed (an `<item>`) both carry it:
 * a guid holding the incident number, the `KEY: value` description, a category, a publication time and
 * the fire's point and polygons. It gives an incident and, with polygons, its 'incident_area'.
 */

const ZONE = STATE_TIME_ZONES.nsw;
/** `UPDATED: 10 Oct 2020 19:47`, Sydney wall clock. */
const UPDATED_FORMAT = 'd MMM yyyy H:mm';

export interface RfsItem {
  guid: string | undefined;
  /** The incident number the guid holds (each format writes its guid its own way). */
  feedId: string | undefined;
  title: string | undefined;
  description: string;
  category: string | undefined;
  link: string | undefined;
  /** The publication time as written, and as the instant the format's parser read (undefined: unreadable). */
  pubDate: string | undefined;
  published: string | undefined;
  point: Position | undefined;
  polygons: Position[][][];
  /** The TYPE vocabulary: the current one, or the one with the 2011–2014 spellings. */
  eventTypeOf: (type: string) => EventType | undefined;
}

/** Each time falls back to the other; pubDate (an instant) settles UPDATED in the hour DST repeats. */
function timestampsOf(
  item: RfsItem,
  updatedText: string | undefined,
  report: Report,
): Timestamps | undefined {
  const { pubDate, published: reported } = item;
  let updated = updatedText ? parseLocalTime(updatedText, UPDATED_FORMAT, ZONE) : undefined;
  if (updated && reported && updated.slice(0, 19) === reported.slice(0, 19)) updated = reported;
  const timestamps = eitherTimestamps(reported, updated);
  if (!timestamps) return undefined;
  if (updatedText && !updated) report('updated', updatedText);
  if (pubDate && !reported) report('pubDate', pubDate);
  return timestamps;
}

/** An item without an incident number or a readable time is reported as unmapped (never silently). */
export function readRfsItem(item: RfsItem, collector: RecordCollector): CollectedRecord | undefined {
  const { feedId, guid } = item;
  if (!feedId) {
    collector.report({ field: 'guid', value: guid ?? '', incidentId: '' });
    return undefined;
  }
  const source: IncidentSource = { state: 'nsw', agency: 'rfs', feedId };
  const id = incidentId(source);
  const { unmapped, report } = unmappedFor(id);

  const description = readRfsDescription(item.description);
  const { fields } = description;
  const timestamps = timestampsOf(item, fields.UPDATED, report);
  if (!timestamps) {
    const value = `pubDate=${item.pubDate ?? ''}; UPDATED=${fields.UPDATED ?? ''}`;
    collector.report({ field: 'timestamps', value, incidentId: id });
    return undefined;
  }
  const { eventType, status, warningLevel, details } = readRfsIncident({
    description,
    category: item.category,
    feedId,
    guid,
    link: item.link,
    eventTypeOf: item.eventTypeOf,
    report,
  });
  const address = fields.LOCATION ?? '';
  const drafts = draftsOf({
    id,
    source,
    title: item.title ?? address,
    eventType,
    status,
    warningLevel,
    timestamps,
    place: { address, suburb: rfsSuburbOf(address), state: 'nsw', lga: fields['COUNCIL AREA'] ?? '' },
    details,
    point: item.point,
    polygons: item.polygons,
    areaType: 'incident_area',
  });
  return { id, upstreamId: feedId, updatedAt: Date.parse(timestamps.updated), drafts, unmapped };
}
