import type { IncidentRecord } from '../../model/index.js';
import { capAlertTree, type CapIssuer } from './cap-alert.js';
import type { CapMessage } from './cap-messages.js';
import { incidentAlertPath } from '../public-paths.js';
import { xmlDocument } from './xml.js';

export const CAP_MEDIA_TYPE = 'application/cap+xml';

/** One CAP-AU alert as a standalone `application/cap+xml` document. */
export function capAlertDocument(record: IncidentRecord, message: CapMessage, issuer: CapIssuer): string {
  return xmlDocument('alert', capAlertTree(record, message, issuer));
}

/** Where the API serves an incident's alert, under `base` ('' for a path relative to the server). */
export function capAlertUrl(base: string, record: IncidentRecord): string {
  return `${base}${incidentAlertPath(record.id)}`;
}
