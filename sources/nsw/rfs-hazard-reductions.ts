import {
  incidentId,
  STATE_TIME_ZONES,
  type IncidentLocation,
  type IncidentSource,
  type Position,
} from '../../model/index.js';
import { readJsonBody } from '../common/body-text.js';
import { collectRecords, RecordCollector, type CollectedRecord } from '../common/collector.js';
import { fnv1a32 } from '../common/digest.js';
import { draftsOf } from '../common/drafts.js';
import { MalformedFeedError } from '../common/errors.js';
import { flattenGeometry } from '../common/geometry.js';
import { positionsFromDelimitedLatLon } from '../common/lat-lon-sequence.js';
import { parseLocalTime } from '../common/time.js';
import type { FeedParser } from '../common/types.js';
import { leadAgencyName, STATUS_BY_PHASE, type BurnPhase } from './rfs-hazard-reduction-vocabulary.js';
import { isRecord, trimmedText, withoutUndefined } from '../common/values.js';
import { type Report, unmappedFor } from '../common/vocabulary.js';

/**
 * NSW RFS planned hazard-reduction burns,
 * https://www.rfs.nsw.gov.au/funnelback/hr-map-data?collection=nsw-rfs-hazard-xml-new (FEEDS.md
 * section 2): an undocumented Funnelback search result. Blank lines before the JSON;
 * `resultsSummary.collectionUpdated` (`Oct 10, 2020 7:30:04 PM`, Sydney) is the list's as-at time;
 * each result has `startDate`/`endDate` `D/MM/YYYY`, `lga`, `location` ("<name> HAZARD REDUCTION"),
 * `leadAgency` cut at 24 characters, `guarReference` (the approval, shared by several burn units,
 * sometimes empty), `size` ("1.113 ha") and `polygons[].polygon` "lat;lon|lat;lon|…|".
 *
 * Every burn is eventType burn_off (category planned), warningLevel none; status from the dates
 * (rfs-hazard-reduction-vocabulary.ts); its polygons are one 'incident_area' draft and the incident
 * sits at their centroid.
 * Ids: the list has no id of its own, and these burns must never collide with major incidents
 * (`nsw-rfs-<integer>`): feedId `hr-<guarReference, lower case, or "noref">-<hash of the polygons>`,
 * e.g. `nsw-rfs-hr-ba-2020-01532-1x2y3z4`. The approval alone is not unique (units of one approval
 * are listed apart), the polygon is what a unit is; the hash (FNV-1a over the coordinates rounded to
 * 1e-5°) is stable across polls as long as the unit's outline is not redrawn.
 * Timestamps: reported = the start date (00:00 Sydney, the planned start, which may lie ahead);
 * updated = collectionUpdated (each falls back to the other).
 * Unmapped fields are reported as: collectionUpdated, startDate, endDate, polygon.
 */

const FEED = 'NSW RFS hazard reductions (hr-map-data)';
const ZONE = STATE_TIME_ZONES.nsw;
const COLLECTION_UPDATED_FORMAT = 'MMM d, yyyy h:mm:ss a';
const DATE_FORMAT = 'd/M/yyyy';
const LOCATION_SUFFIX = /\s*\bHAZARD REDUCTION\s*$/i;

/** The feedId of a burn unit (see the header). */
export function hazardReductionFeedId(guarReference: string | undefined, polygons: Position[][][]): string {
  const reference = (guarReference ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const outline = polygons
    .map((rings) =>
      rings
        .map((ring) => ring.map(([lng, lat]) => `${lng.toFixed(5)},${lat.toFixed(5)}`).join(' '))
        .join(';'),
    )
    .join('|');
  return `hr-${reference || 'noref'}-${fnv1a32(outline).toString(36).padStart(7, '0')}`;
}

/** `1/10/2020` → its start in Sydney, `2020-10-01T00:00:00+10:00`; undefined when it is no date. */
function startOfDay(text: string): string | undefined {
  return parseLocalTime(text, DATE_FORMAT, ZONE);
}

/** Dates repeat across a list (most burns share a few days): each is parsed once per body. */
function memoised<T>(read: (text: string) => T): (text: string) => T {
  const cache = new Map<string, T>();
  return (text) => {
    if (!cache.has(text)) cache.set(text, read(text));
    return cache.get(text) as T;
  };
}

function phaseOf(day: string | undefined, start: string | undefined, end: string | undefined): BurnPhase {
  if (!day || (!start && !end)) return 'unknown';
  if (end && end < day) return 'ended';
  if (start && start > day) return 'scheduled';
  return 'in_window';
}

function polygonsOf(result: Record<string, unknown>, report: Report): Position[][][] {
  const rings: Position[][][] = [];
  for (const entry of Array.isArray(result.polygons) ? (result.polygons as unknown[]) : []) {
    const text = isRecord(entry) ? trimmedText(entry.polygon) : undefined;
    if (!text) continue;
    const { positions, skipped } = positionsFromDelimitedLatLon(text, '|', ';');
    if (skipped > 0) report('polygon', text.slice(0, 80));
    rings.push([positions]);
  }
  return flattenGeometry({ type: 'MultiPolygon', coordinates: rings }).polygons;
}

function readResults(body: Uint8Array): { results: unknown[]; collectionUpdated: string | undefined } {
  const document = readJsonBody(body, FEED);
  if (!isRecord(document) || !Array.isArray(document.results)) {
    throw new MalformedFeedError(`${FEED}: not a Funnelback result with a results array`);
  }
  const summary = isRecord(document.resultsSummary) ? document.resultsSummary : {};
  return {
    results: document.results as unknown[],
    collectionUpdated: trimmedText(summary.collectionUpdated),
  };
}

/** What every burn of one list is read against. */
interface ListContext {
  /** collectionUpdated: the list's as-at time. */
  asAt: string | undefined;
  asAtDay: string | undefined;
  dayStart: (text: string) => string | undefined;
}

/** A burn's window: its start (as a time and a day) and its end day; unreadable dates are reported. */
function burnWindowOf(
  result: Record<string, unknown>,
  list: ListContext,
  report: Report,
): { startTime: string | undefined; start: string | undefined; end: string | undefined } {
  const startText = trimmedText(result.startDate);
  const endText = trimmedText(result.endDate);
  const startTime = startText ? list.dayStart(startText) : undefined;
  const start = startTime?.slice(0, 10);
  const end = endText ? list.dayStart(endText)?.slice(0, 10) : undefined;
  if (startText && !start) report('startDate', startText);
  if (endText && !end) report('endDate', endText);
  return { startTime, start, end };
}

/** What a burn's details take from its parsing beyond the result itself. */
interface BurnFacts {
  rawLocation: string;
  guarReference: string | undefined;
  start: string | undefined;
  end: string | undefined;
  phase: BurnPhase;
  feedId: string;
}

function burnDetailsOf(result: Record<string, unknown>, facts: BurnFacts): Record<string, unknown> {
  const rawAgency = trimmedText(result.leadAgency);
  const size = trimmedText(result.size);
  const sizeHa = size ? Number(size.replace(/[^\d.]/g, '')) : Number.NaN;
  return withoutUndefined({
    description: facts.rawLocation || undefined,
    lead_agency: rawAgency ? leadAgencyName(rawAgency) : undefined,
    lead_agency_raw: rawAgency && leadAgencyName(rawAgency) !== rawAgency ? rawAgency : undefined,
    supporting_agencies: trimmedText(result.supportingAgencies),
    tenure: trimmedText(result.tenure),
    size,
    size_ha: size && Number.isFinite(sizeHa) ? sizeHa : undefined,
    start_date: facts.start,
    end_date: facts.end,
    burn_phase: facts.phase,
    guar_reference: facts.guarReference,
    source_id: facts.feedId,
  });
}

function parseBurn(
  entry: unknown,
  list: ListContext,
  collector: RecordCollector,
): CollectedRecord | undefined {
  const result = isRecord(entry) ? entry : {};
  // The id hashes the polygons: what they report waits for it.
  const pending: [field: string, value: string][] = [];
  const polygons = polygonsOf(result, (field, value) => pending.push([field, value]));
  const guarReference = trimmedText(result.guarReference);
  const feedId = hazardReductionFeedId(guarReference, polygons);
  const source: IncidentSource = { state: 'nsw', agency: 'rfs', feedId };
  const id = incidentId(source);
  const { unmapped, report } = unmappedFor(id);
  for (const [field, value] of pending) report(field, value);

  const { startTime, start, end } = burnWindowOf(result, list, report);
  const reported = startTime ?? list.asAt;
  const updated = list.asAt ?? startTime;
  if (!reported || !updated) {
    collector.drop('no-timestamps', feedId, unmapped);
    return undefined;
  }
  const phase = phaseOf(list.asAtDay, start, end);

  const rawLocation = trimmedText(result.location) ?? '';
  const name = rawLocation.replace(LOCATION_SUFFIX, '').trim();
  const details = burnDetailsOf(result, { rawLocation, guarReference, start, end, phase, feedId });
  const place: IncidentLocation = {
    address: name,
    suburb: '',
    state: 'nsw',
    lga: trimmedText(result.lga) ?? '',
  };
  // No point of its own: the incident sits at its polygons' centroid.
  const drafts = draftsOf({
    id,
    source,
    title: name || guarReference || 'Hazard reduction',
    eventType: 'burn_off',
    status: STATUS_BY_PHASE[phase],
    warningLevel: 'none',
    timestamps: { reported, updated },
    place,
    details,
    point: undefined,
    polygons,
    areaType: 'incident_area',
  });
  return { id, upstreamId: feedId, updatedAt: Date.parse(updated), drafts, unmapped };
}

export const parseNswRfsHazardReductions: FeedParser = (body) => {
  const { results, collectionUpdated } = readResults(body);
  const collector = new RecordCollector();
  const asAt = collectionUpdated
    ? parseLocalTime(collectionUpdated, COLLECTION_UPDATED_FORMAT, ZONE)
    : undefined;
  if (results.length > 0 && !asAt) {
    collector.report({ field: 'collectionUpdated', value: collectionUpdated ?? '', incidentId: '' });
  }
  const list: ListContext = { asAt, asAtDay: asAt?.slice(0, 10), dayStart: memoised(startOfDay) };
  return collectRecords(results, (entry, sink) => parseBurn(entry, list, sink), collector);
};
