import {
  categoryOf,
  incidentId,
  type IncidentDetails,
  type IncidentDraft,
  type IncidentSource,
  STATE_TIME_ZONES,
} from '../../model/index.js';
import { readJsonBody } from '../common/body-text.js';
import { collectRecords, RecordCollector, type CollectedRecord } from '../common/collector.js';
import { CAP_BY_WARNING_LEVEL } from '../common/cap-defaults.js';
import { MalformedFeedError } from '../common/errors.js';
import { parseIsoTimeInZone } from '../common/iso-time.js';
import type { FeedParser } from '../common/types.js';
import { isRecord, trimmedText } from '../common/values.js';

/**
 * NT PFES https://www.pfes.nt.gov.au/incidentmap/json/warnings.json (FEEDS.md section 8):
 * `{title, lastupdated, warnings: []}`. The only sample (2020) is empty and `lastupdated` has seven
 * fractional digits. A 2026 peer describes the items as BOM fire-danger area warnings with
 * `area_code`/`area_name` and no coordinates: WRITTEN FROM THAT DESCRIPTION, unverified on a real item.
 * Each item becomes one `incident` without geometry: id `warning-<area_code>` (one current warning per
 * fire weather area), eventType fire_ban (fire danger, as FEEDS.md 1.2 maps CAP `fireDangrLvl`), no AWS
 * level, both times the document's `lastupdated` (the items carry no documented time of their own).
 * Every scalar member of an item is passed through in details under its own name.
 * Items without an area_code are dropped as `no-id`; an unreadable `lastupdated` drops them as
 * `no-timestamps`; of one area_code listed twice the later item wins (common/collector.ts).
 */

const FEED = 'PFES NT warnings.json';
const ZONE = STATE_TIME_ZONES.nt;

function scalarsOf(item: Record<string, unknown>): IncidentDetails {
  return Object.fromEntries(
    Object.entries(item).filter(
      ([, value]) => typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean',
    ),
  );
}

function parseWarning(
  value: unknown,
  lastUpdated: string | undefined,
  collector: RecordCollector,
): CollectedRecord | undefined {
  const item = isRecord(value) ? value : {};
  const areaCode = trimmedText(item.area_code);
  const areaName = trimmedText(item.area_name) ?? '';
  if (!areaCode) {
    collector.drop('no-id', areaName);
    return undefined;
  }
  if (!lastUpdated) {
    collector.drop('no-timestamps', areaCode);
    return undefined;
  }
  const source: IncidentSource = { state: 'nt', agency: 'pfes', feedId: `warning-${areaCode}` };
  const id = incidentId(source);
  const draft: IncidentDraft = {
    id,
    featureType: 'incident',
    source,
    title: trimmedText(item.title) || areaName || areaCode,
    eventType: 'fire_ban',
    eventCategory: categoryOf('fire_ban'),
    status: 'active',
    warningLevel: 'none',
    ...CAP_BY_WARNING_LEVEL.none,
    geometry: null,
    location: { address: '', suburb: '', state: 'nt', lga: '' },
    details: { ...scalarsOf(item), source_id: areaCode },
    timestamps: { reported: lastUpdated, updated: lastUpdated },
  };
  // All items share the document's time: of one area twice, the later in the document wins.
  return { id, upstreamId: areaCode, updatedAt: Date.parse(lastUpdated), drafts: [draft], unmapped: [] };
}

export const parseNtPfesWarnings: FeedParser = (body) => {
  const document = readJsonBody(body, FEED);
  if (!isRecord(document) || !Array.isArray(document.warnings)) {
    throw new MalformedFeedError(`${FEED}: not a warnings document with a warnings array`);
  }
  const collector = new RecordCollector();
  const lastUpdatedText = trimmedText(document.lastupdated);
  const lastUpdated = lastUpdatedText ? parseIsoTimeInZone(lastUpdatedText, ZONE, ZONE) : undefined;
  if (lastUpdatedText && !lastUpdated) {
    collector.report({ field: 'lastupdated', value: lastUpdatedText, incidentId: '' });
  }
  const warnings = document.warnings as unknown[];
  return collectRecords(warnings, (value, sink) => parseWarning(value, lastUpdated, sink), collector);
};
