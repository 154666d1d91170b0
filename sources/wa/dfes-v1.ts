import { readJsonBody } from '../common/body-text.js';
import { MalformedFeedError } from '../common/errors.js';
import { flattenGeometry, type FlatGeometry } from '../common/geometry.js';
import { RecordCollector } from '../common/collector.js';
import type { FeedParser } from '../common/types.js';
import { incidentFeedId, incidentTitle } from './dfes-incidents.js';
import {
  collectedOf,
  isoTime,
  isRecord,
  numberOf,
  positionOf,
  recordStart,
  textOf,
  textsOf,
  withoutUndefined,
} from './dfes-shared.js';
import { eventTypeOf, FALLBACK, statusOf } from './dfes-vocabulary.js';
import { htmlText, mapWarning } from './dfes-warnings.js';

/**
 * WA DFES / Emergency WA API v1: https://api.emergency.wa.gov.au/v1/incidents and /v1/warnings.
 * NO SAMPLE of either exists: these parsers follow the field lists FEEDS.md section 6 gives from peer
 * parsers ([peer], unverified) and are tested on documents our own generator writes. Times are read
 * as ISO 8601 (an offset or `Z` is honoured; without one the time is Perth's).
 * Incidents: id = `cad-id` (the CAD number the legacy feeds use too), `web-<id>` without one;
 * `geo-source` polygons become the incident_area (FEEDS.md 12: burnt or warning areas is unverified).
 * Warnings: id = `id`; level from `warning-type`; `geo-source` polygons become the warning_area.
 * Unmapped fields are reported as: incident-type, incident-status, warning-type, and each time field.
 */

const INCIDENTS_FEED = 'WA DFES API v1 incidents';
const WARNINGS_FEED = 'WA DFES API v1 warnings';

/** `{"incidents": […]}` / `{"warnings": […]}`; anything else is malformed. */
function readList(body: Uint8Array, feed: string, member: string): unknown[] {
  const document = readJsonBody(body, feed);
  if (!isRecord(document) || !Array.isArray(document[member])) {
    throw new MalformedFeedError(`${feed}: not an object with a "${member}" array`);
  }
  return document[member] as unknown[];
}

/** Points and polygons of a `geo-source` FeatureCollection (styling properties ignored). */
function geoSourceOf(value: unknown): FlatGeometry {
  const flat: FlatGeometry = { points: [], polygons: [] };
  const features = isRecord(value) && Array.isArray(value.features) ? (value.features as unknown[]) : [];
  for (const feature of features) {
    const part = flattenGeometry(isRecord(feature) ? feature.geometry : undefined);
    flat.points.push(...part.points);
    flat.polygons.push(...part.polygons);
  }
  return flat;
}

/** A value passed through to details as is when it is plain data (string, number, boolean, list, object). */
function passThrough(value: unknown): unknown {
  if (typeof value === 'string') return value.trim() || undefined;
  if (value === null || value === undefined || typeof value === 'function') return undefined;
  return value;
}

/** What an incident's details take from its parsing beyond the record itself. */
interface IncidentFacts {
  type: string | undefined;
  statusRaw: string | undefined;
  suburbs: string[];
  /** `published-date-time` as read. */
  published: string | undefined;
  cadId: string | undefined;
  websiteId: string | undefined;
}

function v1IncidentDetailsOf(record: Record<string, unknown>, facts: IncidentFacts): Record<string, unknown> {
  const { suburbs } = facts;
  const crossStreet = isRecord(record['nearest-cross-street'])
    ? textOf(record['nearest-cross-street'].value)
    : undefined;
  return withoutUndefined({
    type: facts.type,
    status_raw: facts.statusRaw,
    cross_street: crossStreet,
    suburbs: suburbs.length > 0 ? suburbs : undefined,
    dfes_regions: textsOf(record['dfes-regions']).length > 0 ? textsOf(record['dfes-regions']) : undefined,
    icon: textOf(record['incident-icon']),
    entity_type: textOf(record.entityType),
    entity_sub_type: textOf(record.entitySubType),
    publishing_status: textOf(record['publishing-status']),
    event: passThrough(record.event),
    published: facts.published,
    cad_id: facts.cadId,
    source_id: facts.websiteId,
  });
}

export const parseWaDfesV1Incidents: FeedParser = (body) => {
  const collector = new RecordCollector();
  for (const entry of readList(body, INCIDENTS_FEED, 'incidents')) {
    const record = isRecord(entry) ? entry : {};
    const cadId = textOf(record['cad-id']);
    const websiteId = textOf(record.id);
    const feedId = incidentFeedId(cadId, websiteId);
    const time = (field: string) => {
      const text = textOf(record[field]);
      return [field, text, isoTime(text)] as const;
    };
    const published = time('published-date-time');
    const started = recordStart(
      feedId,
      [time('start-date-time'), published],
      [time('updated-date-time'), published],
      collector,
    );
    if (!started) continue;
    const { context, timestamps } = started;

    const type = textOf(record['incident-type']);
    const statusRaw = textOf(record['incident-status']);
    const location = isRecord(record.location) ? record.location : {};
    const suburbs = textsOf(record.suburbs);
    const lgas = textsOf(record.lga);
    const geoSource = geoSourceOf(record['geo-source']);

    collector.add(
      collectedOf(
        {
          context,
          title: textOf(record.name) ?? incidentTitle(type, suburbs[0], lgas[0]),
          eventType: context.lookup('incident-type', type ?? '', eventTypeOf, FALLBACK.eventType),
          status: context.lookup('incident-status', statusRaw ?? '', statusOf, FALLBACK.status),
          warningLevel: 'none',
          timestamps,
          point: positionOf(location.latitude, location.longitude) ?? geoSource.points[0],
          polygons: geoSource.polygons,
          areaType: 'incident_area',
          place: {
            address: textOf(location.value) ?? suburbs.join(', '),
            suburb: suburbs[0] ?? '',
            lga: lgas.join(', '),
          },
          details: v1IncidentDetailsOf(record, {
            type,
            statusRaw,
            suburbs,
            published: published[2],
            cadId,
            websiteId,
          }),
        },
        context.source.feedId,
      ),
    );
  }
  return collector.result();
};

export const parseWaDfesV1Warnings: FeedParser = (body) => {
  const collector = new RecordCollector();
  for (const entry of readList(body, WARNINGS_FEED, 'warnings')) {
    const record = isRecord(entry) ? entry : {};
    const id = textOf(record.id);
    const time = (field: string) => {
      const text = textOf(record[field]);
      return [field, text, isoTime(text)] as const;
    };
    const started = recordStart(id, [time('published-date-time')], [time('updatedAt')], collector);
    if (!started) continue;
    const { context, timestamps } = started;

    const warningType = textOf(record['warning-type']) ?? '';
    const suburbs = textsOf(record.suburbs);
    const lgas = textsOf(record.lga);
    const geoSource = geoSourceOf(record['geo-source']);
    const actionStatement = typeof record['action-statement'] === 'string' ? record['action-statement'] : '';

    collector.add(
      collectedOf(
        {
          context,
          title: textOf(record.headline) ?? (warningType || context.source.feedId),
          ...mapWarning(context, { field: 'warning-type', value: warningType }),
          timestamps,
          point: geoSource.points[0],
          polygons: geoSource.polygons,
          areaType: 'warning_area',
          place: { address: suburbs.join(', '), suburb: suburbs[0] ?? '', lga: lgas.join(', ') },
          details: withoutUndefined({
            warning_type: warningType || undefined,
            action_statement: htmlText(actionStatement) || undefined,
            cap_category: textOf(record['cap-category']),
            sorting_priority: numberOf(record['sorting-priority']),
            suburbs: suburbs.length > 0 ? suburbs : undefined,
            source_id: id,
          }),
        },
        context.source.feedId,
      ),
    );
  }
  return collector.result();
};
