import type { IncidentDraft, Position } from '../../model/index.js';
import { readJsonBody } from '../common/body-text.js';
import { collectRecords, type CollectedRecord, type RecordCollector } from '../common/collector.js';
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

function parseValue(value: unknown, collector: RecordCollector): CollectedRecord | undefined {
  const result = readWebsiteRecord(value);
  if ('dropped' in result) {
    collector.drop(result.dropped.reason, result.dropped.upstreamId, result.unmapped);
    return undefined;
  }
  const { record } = result;
  return {
    id: record.id,
    upstreamId: record.feedId,
    updatedAt: Date.parse(record.timestamps.updated),
    drafts: draftsOf(record, record.kind === 'warning' ? warningPolygon(value) : undefined),
    unmapped: record.unmapped,
  };
}

export const parseActEsaWebsiteIncidents: FeedParser = (body) => {
  const document = readJsonBody(body, FEED);
  if (!Array.isArray(document)) throw new MalformedFeedError(`${FEED}: not a JSON array of records`);
  return collectRecords(document as unknown[], parseValue);
};
