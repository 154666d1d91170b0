import { readJsonBody } from '../common/body-text.js';
import { MalformedFeedError } from '../common/errors.js';
import { firstHref, plainText } from '../common/html.js';
import { positionFromLatLonText } from '../common/lat-lon-text.js';
import { parseLocalTime } from '../common/time.js';
import { collectRecords } from '../common/collector.js';
import type { FeedParser } from '../common/types.js';
import {
  collectedOf,
  numberOf,
  stringOf,
  tidy,
  withoutEmpty,
  ZONE,
  type CriimsonRecord,
} from './criimson-common.js';
import { isRecord } from '../common/values.js';

/**
 * SA CFS CRIIMSON https://data.eso.sa.gov.au/prod/cfs/criimson/cfs_current_incidents.json
 * (FEEDS.md section 5): a JSON array of flat records, or (one peer says) an object keyed by incident
 * number. The day's incidents, closed ones included.
 * - `Location` is one "lat,lon" string, with or without a space after the comma;
 * - `Date` DD/MM/YYYY + `Time` HH:mm are Adelaide wall clock (DST-aware), the only time given: both
 *   `reported` and `updated`;
 * - `Status` is upper case; `Level` (1–3) is the incident level, not a warning: kept in details;
 *   `Region` is a string ("1"–"6", "MFS") and decides the agency of the id (see criimson-common.ts);
 * - `Location_name` is "SUBURB, STREET" (trailing space included): served as "STREET, SUBURB" like
 *   the placemarks, the raw text in details.
 * Unmapped fields are reported as: type, status, location.
 */

const FEED = 'SA CFS cfs_current_incidents.json';
const DATE_TIME_FORMAT = 'd/M/yyyy H:mm';
/** The records of the array, or of the object keyed by incident number (the key stands in for a missing IncidentNo). */
function recordsOf(document: unknown): [string | undefined, unknown][] {
  if (Array.isArray(document)) return document.map((record) => [undefined, record]);
  if (isRecord(document) && Object.values(document).every(isRecord)) return Object.entries(document);
  throw new MalformedFeedError(`${FEED}: expected an array of incidents (or an object of them)`);
}

function messageLinkOf(html: string | undefined): { message_url?: string; message_link?: string } {
  if (!html?.trim()) return {};
  const href = firstHref(html);
  if (href) return { message_url: href };
  return { message_link: plainText(html) };
}

function recordOf(key: string | undefined, value: Record<string, unknown>): CriimsonRecord | undefined {
  const incidentNo = (stringOf(value.IncidentNo) ?? key)?.trim();
  if (!incidentNo) return undefined;
  const unreadable: CriimsonRecord['unreadable'] = [];

  const locationText = stringOf(value.Location)?.trim() ?? '';
  const position = locationText ? positionFromLatLonText(locationText) : undefined;
  if (locationText && !position) unreadable.push({ field: 'location', value: locationText });

  const locationName = stringOf(value.Location_name) ?? '';
  const [suburbPart = '', ...streetParts] = locationName.split(',');
  const suburb = tidy(suburbPart);
  const street = tidy(streetParts.join(','));
  const address = street && suburb ? `${street}, ${suburb}` : street || suburb;

  const date = stringOf(value.Date)?.trim() ?? '';
  const time = stringOf(value.Time)?.trim() ?? '';
  const at = date && time ? parseLocalTime(`${date} ${time}`, DATE_TIME_FORMAT, ZONE) : undefined;

  return {
    incidentNo,
    feedAgency: 'cfs',
    region: stringOf(value.Region),
    type: stringOf(value.Type),
    status: stringOf(value.Status),
    address,
    suburb,
    position,
    reported: at,
    updated: at,
    details: withoutEmpty({
      level: numberOf(value.Level),
      fire_ban_district: stringOf(value.FBD)?.trim(),
      resources: numberOf(value.Resources),
      aircraft: numberOf(value.Aircraft),
      message: plainText(stringOf(value.Message) ?? ''),
      ...messageLinkOf(stringOf(value.Message_link)),
      location_name: locationName.trim(),
      date: date || undefined,
      time: time || undefined,
    }),
    unreadable,
  };
}

export const parseSaCfsCurrentIncidents: FeedParser = (body) => {
  return collectRecords(recordsOf(readJsonBody(body, FEED)), ([key, value], collector) => {
    const record = isRecord(value) ? recordOf(key, value) : undefined;
    if (record) return collectedOf(record, collector);
    collector.drop('no-id', isRecord(value) ? '' : JSON.stringify(value ?? null).slice(0, 40));
    return undefined;
  });
};
