import { ENTITLEMENT_TIERS, type Entitlement, type Tier } from '../../config/index.js';
import type { LakeTableName } from '../../lake/tables.js';
import { accessProblems } from '../access/problems.js';
import { policyFor } from '../access/route-policy.js';
import type { ProblemError } from '../problem.js';
import { lookbackRefusal } from '../tier-access.js';

/**
 * What a key needs to download a file of each exported table: the rules of the endpoint that serves
 * the table's rows, defined once and read by the catalogue, the downloads and the OpenAPI text. The
 * entitlement is the endpoint's route policy's; `lookback` applies the plan lookback of history,
 * archive snapshots and gauge readings to the file's earliest row (its `minTime`). A file the plan's
 * lookback does not reach is left out of the catalogue and refused on download (`beyond-lookback`),
 * whole: a file holds its rows or none of them.
 */
export interface TableAccess {
  /** The endpoint serving the table's rows, whose rules the table's files follow. */
  endpoint: string;
  /** The plan lookback applies (free plans: 403 tier-required; beyond it: 403 beyond-lookback). */
  lookback: boolean;
}

export const EXPORTED_TABLE_ACCESS = {
  incidents_live: { endpoint: '/v1/incidents', lookback: false },
  events: { endpoint: '/v1/events', lookback: false },
  gauges_latest: { endpoint: '/v1/gauges', lookback: false },
  incident_versions: { endpoint: '/v1/incidents/history', lookback: true },
  archive: { endpoint: '/v1/incidents/history', lookback: true },
  gauge_readings: { endpoint: '/v1/gauges/{id}/readings', lookback: true },
  gauge_rollups: { endpoint: '/v1/gauges/{id}/readings', lookback: true },
  declarations: { endpoint: '/v1/declarations', lookback: false },
  declaration_sources: { endpoint: '/v1/declarations/sources', lookback: false },
} as const satisfies Record<LakeTableName, TableAccess>;

/** Who asks: the plan and the entitlements in force of the request's key. */
export interface ExportViewer {
  tier: Tier;
  entitlements: readonly Entitlement[];
}

/** The entitlement a table's files need: its endpoint's, from the route policy table. */
export function tableEntitlement(table: LakeTableName): Entitlement | undefined {
  return policyFor(EXPORTED_TABLE_ACCESS[table].endpoint).entitlement;
}

/**
 * Why `viewer` may not have a file of `table` whose rows start at `earliest` (null: a file with no
 * rows), as the table's endpoint would refuse it: the same problem, status and type. Undefined when
 * it may.
 */
export function exportRefusal(
  table: LakeTableName,
  earliest: string | null,
  viewer: ExportViewer,
  now: Date,
): ProblemError | undefined {
  const entitlement = tableEntitlement(table);
  if (entitlement && !viewer.entitlements.includes(entitlement)) {
    return accessProblems.entitlementRequired(entitlement, ENTITLEMENT_TIERS[entitlement]);
  }
  if (!EXPORTED_TABLE_ACCESS[table].lookback) return undefined;
  return lookbackRefusal(viewer.tier, earliest === null ? now : new Date(earliest), now, `A ${table} file`);
}

/** One line per table for the OpenAPI descriptions: what its files need. */
export function tableAccessText(): string {
  return Object.entries(EXPORTED_TABLE_ACCESS)
    .map(([table, access]) => {
      const entitlement = tableEntitlement(table as LakeTableName);
      const needs = entitlement
        ? `the ${entitlement} entitlement (403 entitlement-required)`
        : access.lookback
          ? "a paid plan whose lookback reaches the file's minTime (403 tier-required, beyond-lookback)"
          : 'any key';
      return `\`${table}\`: as \`${access.endpoint}\`, ${needs}`;
    })
    .join('; ');
}
