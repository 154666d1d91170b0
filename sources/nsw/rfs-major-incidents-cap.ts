import { CAP_BY_WARNING_LEVEL } from '../common/cap-defaults.js';
import {
  capDetails,
  capEventTypeOf,
  capParameter,
  capTime,
  createCapParser,
  type CapAlert,
  type CapAlertContext,
  type CapRecord,
} from '../common/cap.js';
import { plainText } from '../common/html.js';
import { parseLocalTime } from '../common/time.js';
import { readRfsDescription, rfsIncidentNumber, rfsSuburbOf, rfsYesNo } from './rfs-description.js';
import { FALLBACK, legacyEventTypeOf, statusOf, warningLevelOf } from './rfs-vocabulary.js';
import { withoutUndefined } from '../common/values.js';

/**
 * NSW RFS https://www.rfs.nsw.gov.au/feeds/majorIncidentsCAP.xml (FEEDS.md section 2): EDXL-DE 1.0
 * wrapping one CAP 1.2 / CAP-AU alert per incident (a bare `<alert>` reads too), on common/cap.ts.
 *
 * - Ids equal majorIncidents.json's, `nsw-rfs-<incident number>`: the number is `<incidents>` (2014 on)
 *   or the trailing integer of the identifier (`tag:www.rfs.nsw.gov.au2011-10-18:40500`,
 *   `2014-05-08T10:31:00-00:00:160068`); the identifier's date changes daily, the number does not.
 * - The vocabulary is the RFS one, as in the JSON feed: alert level from the `AlertLevel` parameter,
 *   else the description's ALERT LEVEL; status from the `Status` parameter, else STATUS; eventType
 *   from TYPE (rfs-vocabulary + the 2011–2014 spellings), else the CAP-AU event code.
 * - NSW CAP severities are hollow (FEEDS.md 1.2): the triple comes from CAP_BY_WARNING_LEVEL; the
 *   published one is kept in details.cap.
 * - Times: the description's UPDATED (Sydney wall clock) as in the JSON feed, `sent` settling the
 *   hour DST repeats; `sent` alone when there is no UPDATED. (A 2011 sample labels the UTC wall clock
 *   `+10:00` in `sent`; UPDATED is right.)
 * - Circles ("lat,lon 0.0", "lat,lon 25.0") are the incident's point; polygons, if any, warning areas.
 * Unmapped fields are reported as: AlertLevel, status, type, eventCode, fire, updated, sent (and
 * common/cap.ts's status, msgType, info).
 */

const FEED = 'NSW RFS majorIncidentsCAP.xml (CAP-AU)';
/** `UPDATED: 17 Oct 2011 22:18`, Sydney wall clock. */
const UPDATED_FORMAT = 'd MMM yyyy H:mm';

/** `<incidents>` when it holds an incident number, else the identifier's trailing integer. */
export function rfsCapFeedIdOf(alert: CapAlert): string | undefined {
  return alert.incidents.find((value) => /^\d+$/.test(value)) ?? rfsIncidentNumber(alert.identifier);
}

function timestampsOf(context: CapAlertContext, updatedText: string | undefined): CapRecord['timestamps'] {
  const { alert, info, zone, report } = context;
  const sent = capTime(alert.sent, zone);
  if (alert.sent && !sent) report('sent', alert.sent);
  let updated = updatedText ? parseLocalTime(updatedText, UPDATED_FORMAT, zone) : undefined;
  if (updatedText && !updated) report('updated', updatedText);
  // UPDATED is ambiguous in the hour repeated when DST ends; `sent` names that same instant.
  if (updated && sent && updated.slice(0, 19) === sent.slice(0, 19)) updated = sent;
  const time = updated ?? sent ?? capTime(info.effective, zone);
  return time ? { reported: time, updated: time } : undefined;
}

function numberOrText(value: string | undefined): number | string | undefined {
  if (value === undefined || value === '') return undefined;
  return /^-?\d+(?:\.\d+)?$/.test(value) ? Number(value) : value;
}

export function mapRfsCapAlert(context: CapAlertContext): CapRecord {
  const { alert, infos, info, feedId, report } = context;
  const parameter = (name: string): string | undefined => capParameter(infos, name);
  const { fields, majorFireUpdateUrl, text } = readRfsDescription(info.description ?? '');

  const alertLevel = parameter('AlertLevel') ?? fields['ALERT LEVEL'] ?? '';
  let warningLevel = warningLevelOf(alertLevel);
  if (warningLevel === undefined) {
    report('AlertLevel', alertLevel);
    warningLevel = FALLBACK.warningLevel;
  }
  const rawStatus = parameter('Status') ?? fields.STATUS ?? '';
  let status = statusOf(rawStatus);
  if (status === undefined) {
    report('status', rawStatus);
    status = FALLBACK.status;
  }
  const type = fields.TYPE ?? parameter('IncidentType') ?? '';
  let eventType = type ? legacyEventTypeOf(type) : undefined;
  if (eventType === undefined) {
    const cap = capEventTypeOf(infos);
    eventType = cap.eventType;
    // Fell back to other: report the RFS type when there is one, else the unknown event codes.
    if (cap.eventType === 'other' && type) report('type', type);
    else if (!cap.known) report('eventCode', cap.values.join(' | '));
  }
  const rawFire = fields.FIRE ?? parameter('IsFire');
  const fire = rfsYesNo(rawFire);
  if (rawFire !== undefined && fire === undefined) report('fire', rawFire);

  const location = parameter('Location');
  const address = fields.LOCATION ?? (location ? plainText(location) : '');
  return {
    title: info.headline ?? address,
    eventType,
    status,
    warningLevel,
    ...CAP_BY_WARNING_LEVEL[warningLevel],
    timestamps: timestampsOf(context, fields.UPDATED),
    place: {
      address,
      suburb: rfsSuburbOf(address),
      lga: fields['COUNCIL AREA'] ?? parameter('CouncilArea') ?? '',
    },
    details: withoutUndefined({
      description: text || undefined,
      size: fields.SIZE ?? parameter('Fireground'),
      fire,
      responsible_agency: fields['RESPONSIBLE AGENCY'] ?? parameter('ControlAuthority'),
      alert_level: alertLevel || undefined,
      type: type || undefined,
      status_raw: rawStatus || undefined,
      major_fire_update_url: majorFireUpdateUrl,
      fuel_type: parameter('FuelType'),
      fire_danger_class: numberOrText(parameter('FireDangerClass')),
      allocated_resources: parameter('AllocatedResources'),
      instruction: info.instruction ? plainText(info.instruction) : undefined,
      source_id: feedId,
      source_url: info.web,
      cap: capDetails(alert, infos),
    }),
  };
}

export const parseNswRfsMajorIncidentsCap = createCapParser({
  feedName: FEED,
  state: 'nsw',
  agency: 'rfs',
  feedIdOf: rfsCapFeedIdOf,
  map: mapRfsCapAlert,
});
