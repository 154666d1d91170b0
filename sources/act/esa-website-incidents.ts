import {
  type DroppedRecord,
  type IncidentDraft,
  type Position,
  type UnmappedValue,
} from '../../model/index.js';
import { readJsonBody } from '../common/body-text.js';
import { draftsOf as recordDrafts } from '../common/drafts.js';
import { MalformedFeedError } from '../common/errors.js';
import type { FeedParser } from '../common/types.js';
import { isRecord } from './esa-fields.js';
import { polygonOfLatLngObjects, readWebsiteRecord, type WebsiteRecord } from './esa-website-records.js';

/**
 * ACT ESA website incidents feed, https://esa.act.gov.au/act-gov-esa/incidents/feed (FEEDS.md
 * section 9): a JSON array behind the ESA website's map. ACT CAD incidents and ACT warnings become
 * drafts; NSW RFS incidents the site mirrors are dropped as `republished`.
 * Unmapped fields are reported as: type, status, alert_level, alert_status, warning_level, time_of_call,
 * updated, last_updated, event_type, region.
 */

const FEED = 'ACT ESA website incidents feed';

/** One record's output, held until duplicates of its id are resolved. */
interface ParsedRecord {
  id: string;
  updatedAt: number;
  drafts: IncidentDraft[];
  unmapped: UnmappedValue[];
}

/** A warning's own polygon, when its `polygon` member ever carries coordinates (so far only styling). */
function warningPolygon(value: unknown): Position[][] | undefined {
  if (!isRecord(value) || !isRecord(value.polygon)) return undefined;
  return polygonOfLatLngObjects(value.polygon.coordinates);
}

function draftsOf(record: WebsiteRecord, polygon: Position[][] | undefined): IncidentDraft[] {
  const { eventType, status, warningLevel, severity, urgency, certainty } = record.classification;
  return recordDrafts({
    id: record.id,
    source: { state: 'act', agency: 'esa', feedId: record.feedId },
    title: record.title,
    eventType,
    status,
    warningLevel,
    cap: { severity, urgency, certainty },
    timestamps: record.timestamps,
    place: record.place,
    details: record.details,
    point: record.point,
    polygons: polygon ? [polygon] : [],
    areaType: 'warning_area',
  });
}

export const parseActEsaWebsiteIncidents: FeedParser = (body) => {
  const document = readJsonBody(body, FEED);
  if (!Array.isArray(document)) throw new MalformedFeedError(`${FEED}: not a JSON array of records`);

  const unmapped: UnmappedValue[] = [];
  const dropped: DroppedRecord[] = [];
  const byId = new Map<string, ParsedRecord>();
  for (const value of document as unknown[]) {
    const result = readWebsiteRecord(value);
    if ('dropped' in result) {
      dropped.push(result.dropped);
      unmapped.push(...result.unmapped);
      continue;
    }
    const { record } = result;
    const parsed: ParsedRecord = {
      id: record.id,
      updatedAt: Date.parse(record.timestamps.updated),
      drafts: draftsOf(record, record.kind === 'warning' ? warningPolygon(value) : undefined),
      unmapped: record.unmapped,
    };
    // The same id twice in one document: keep the later update (the later one on a tie).
    const previous = byId.get(parsed.id);
    if (previous) dropped.push({ reason: 'duplicate', upstreamId: record.feedId });
    if (!previous || parsed.updatedAt >= previous.updatedAt) byId.set(parsed.id, parsed);
  }
  const kept = [...byId.values()];
  return {
    incidents: kept.flatMap((parsed) => parsed.drafts),
    unmapped: [...unmapped, ...kept.flatMap((parsed) => parsed.unmapped)],
    dropped,
  };
};
