import {
  ALERT_LEVEL_BY_WARNING,
  CAP_AU_EVENT_LIST_URI,
  CAP_EVENT_BY_TYPE,
  RESPONSE_BY_WARNING,
  STATE_TIME_ZONES,
  type CapResponseType,
  type IncidentGeometry,
  type IncidentRecord,
} from '../../model/index.js';
import { capShapes } from './cap-area.js';
import type { CapMessage } from './cap-messages.js';
import { capDateTime } from './cap-time.js';

export const CAP_NAMESPACE = 'urn:oasis:names:tc:emergency:cap:1.2';
/** The ISO 3166-2 geocode scheme CAP-AU validators recognise. */
export const ISO_3166_URI = 'http://www.iso.org/iso/country_codes.html';

/** Who issues the alerts, and what the catalogue says about each agency. */
export interface CapIssuer {
  sender: string;
  profileCode: string;
  agency(state: string, agency: string): { name: string; homepage: string } | undefined;
}

/** An element tree for fast-xml-parser's XMLBuilder: keys in schema order, `@_` for attributes. */
export type XmlTree = Record<string, unknown>;

function valuePair(valueName: string, value: string): XmlTree {
  return { valueName, value };
}

function responseTypeOf(record: IncidentRecord, message: CapMessage): CapResponseType {
  if (message.msgType === 'Cancel' || record.status === 'safe' || record.status === 'completed') {
    return 'AllClear';
  }
  return RESPONSE_BY_WARNING[record.warning_level];
}

function webOf(details: Record<string, unknown>, homepage: string | undefined): string | undefined {
  const link = details.source_url;
  return typeof link === 'string' && /^https?:\/\/\S+$/.test(link) ? link : homepage;
}

function descriptionOf(details: Record<string, unknown>): string | undefined {
  const text = details.description;
  return typeof text === 'string' && text.trim() !== '' ? text.trim() : undefined;
}

function areaOf(record: IncidentRecord): XmlTree {
  const geometry = record.geometry ? (JSON.parse(record.geometry) as IncidentGeometry) : null;
  const centroid =
    record.longitude !== null && record.latitude !== null
      ? ([record.longitude, record.latitude] as [number, number])
      : null;
  const { polygons, circles } = capShapes(geometry, centroid);
  const place = [record.address, record.suburb, record.lga].filter((part) => part.trim() !== '');
  return {
    areaDesc: [...new Set(place)].join(', ') || record.title || record.state.toUpperCase(),
    ...(polygons.length > 0 ? { polygon: polygons } : {}),
    ...(circles.length > 0 ? { circle: circles } : {}),
    geocode: valuePair(ISO_3166_URI, `AU-${record.state.toUpperCase()}`),
  };
}

/**
 * The CAP-AU alert for one message about one incident, as an element tree in the exact sequence
 * order of CAP-v1.2.xsd. A Cancel keeps the event, category, eventCode and area of what it cancels,
 * says Past/Minor/Observed and AllClear, and has no `effective` (CAP-AU).
 */
export function capAlertTree(record: IncidentRecord, message: CapMessage, issuer: CapIssuer): XmlTree {
  const zone = STATE_TIME_ZONES[record.state];
  const event = CAP_EVENT_BY_TYPE[record.event_type];
  const agency = issuer.agency(record.state, record.agency);
  const cancel = message.msgType === 'Cancel';
  const parameters: [string, string][] = [
    ['AlertLevel', ALERT_LEVEL_BY_WARNING[record.warning_level]],
    ['IncidentType', record.event_type],
    ['Status', record.status],
  ];
  if (record.lga.trim() !== '') parameters.push(['CouncilArea', record.lga]);
  if (record.address.trim() !== '') parameters.push(['Location', record.address]);
  const details = JSON.parse(record.details) as Record<string, unknown>;
  const description = descriptionOf(details);
  const web = webOf(details, agency?.homepage);

  const info: XmlTree = {
    language: 'en-AU',
    category: [...event.categories],
    event: event.event,
    responseType: responseTypeOf(record, message),
    urgency: cancel ? 'Past' : record.urgency,
    severity: cancel ? 'Minor' : record.severity,
    certainty: cancel ? 'Observed' : record.certainty,
    eventCode: valuePair(CAP_AU_EVENT_LIST_URI, event.code),
    onset: capDateTime(record.reported_at, zone),
    senderName: agency?.name ?? `${record.state.toUpperCase()} ${record.agency.toUpperCase()}`,
    headline: record.title,
    ...(description ? { description } : {}),
    ...(web ? { web } : {}),
    parameter: parameters.map(([name, value]) => valuePair(name, value)),
    area: areaOf(record),
  };
  return {
    '@_xmlns': CAP_NAMESPACE,
    identifier: message.identifier,
    sender: issuer.sender,
    sent: message.sent,
    status: 'Actual',
    msgType: message.msgType,
    scope: 'Public',
    code: issuer.profileCode,
    ...(cancel && record.retraction_reason ? { note: record.retraction_reason } : {}),
    ...(message.references.length > 0
      ? {
          references: message.references
            .map(({ identifier, sent }) => `${issuer.sender},${identifier},${sent}`)
            .join(' '),
        }
      : {}),
    incidents: encodeURIComponent(record.parent_id ?? record.id),
    info,
  };
}
