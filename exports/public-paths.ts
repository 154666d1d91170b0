/**
 * Public paths of what the service publishes, defined once: the API routes them, and exports written
 * outside the API (the static CAP feed) link to them.
 */
export const API_BASE_PATH = '/v1';

/** The static CAP Atom feed, under the API's exports. */
export const CAP_FEED_PATH = `${API_BASE_PATH}/exports/cap/incidents.atom`;

/** An incident's CAP-AU alert. */
export function incidentAlertPath(id: string): string {
  return `${API_BASE_PATH}/incidents/${encodeURIComponent(id)}?format=cap-au`;
}

/** The bulk exports: the catalogue, and under it the lake's files and whole collections. */
export const EXPORTS_PATH = `${API_BASE_PATH}/exports`;
export const LAKE_EXPORTS_PATH = `${EXPORTS_PATH}/lake`;
export const INCIDENT_EXPORTS_PATH = `${EXPORTS_PATH}/incidents`;
/** Each lake table's data dictionary entry (a Table Schema). */
export const TABLE_SCHEMAS_PATH = `${EXPORTS_PATH}/tables`;
