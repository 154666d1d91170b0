import type { IncidentVersion } from './cap-messages.js';

export type { IncidentVersion } from './cap-messages.js';

/**
 * The version list of every incident, from a table of version rows: `incident_version` in the warehouse,
 * `incident_versions` in the serving store (a fixed name from code, never from input).
 */
export function versionsQuery(table: 'incident_version' | 'incident_versions'): string {
  return `SELECT id, version, epoch_ms(valid_from)::DOUBLE AS "validFrom", retracted FROM ${table} ORDER BY id, version`;
}

export function groupVersions(
  rows: readonly ({ id: string } & IncidentVersion)[],
): Map<string, IncidentVersion[]> {
  const byId = new Map<string, IncidentVersion[]>();
  for (const { id, version, validFrom, retracted } of rows) {
    let list = byId.get(id);
    if (!list) byId.set(id, (list = []));
    list.push({ version: Number(version), validFrom: Number(validFrom), retracted: Boolean(retracted) });
  }
  return byId;
}
