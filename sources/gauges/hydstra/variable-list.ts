import { malformed } from '../errors.js';
import { asRecord, textOf } from '../json-body.js';
import { compactLocalTime } from '../../../model/time/fixed-offset.js';
import { HYDSTRA_FORMAT, hydstraAnswer, siteOffsetMinutes } from './envelope.js';
import { canonicalVariable, hydstraMeasure } from './variables.js';
import type { GaugeMeasure } from '../station.js';

/**
 * `get_variable_list`: which variables a site records in a datasource, with units and the period
 * they cover (`period_start`/`period_end`, 14-digit site standard time). A site with no variables
 * in the datasource comes back with an empty list.
 */

export interface HydstraVariable {
  /** Canonical "100.00" form. */
  variable: string;
  name: string;
  units: string;
  subdesc: string;
  periodStart: string | undefined;
  periodEnd: string | undefined;
  /** The gauge variable it is, when it is one. */
  measure: GaugeMeasure | undefined;
}

export interface HydstraSiteVariables {
  site: string;
  name: string;
  shortName: string;
  offsetMinutes: number | undefined;
  variables: HydstraVariable[];
}

export function parseHydstraVariableList(
  body: Uint8Array | string,
  standardOffsetMinutes: number,
): HydstraSiteVariables[] {
  const fn = 'get_variable_list';
  const answer = hydstraAnswer(body, fn);
  if (answer.kind === 'no_data') return [];
  const sites = asRecord(answer.value)?.sites;
  if (!Array.isArray(sites)) throw malformed(`${HYDSTRA_FORMAT} ${fn}`, 'return has no sites array');
  return sites.map((item) => {
    const entry = asRecord(item) ?? {};
    const details = asRecord(entry.site_details) ?? {};
    const site = textOf(entry.site) ?? '';
    const offsetMinutes = siteOffsetMinutes(details.timezone);
    const offset = offsetMinutes ?? standardOffsetMinutes;
    const variables = Array.isArray(entry.variables) ? entry.variables : [];
    return {
      site,
      name: textOf(details.name) ?? site,
      shortName: textOf(details.short_name) ?? '',
      offsetMinutes,
      variables: variables.map((raw) => {
        const variable = asRecord(raw) ?? {};
        const code = canonicalVariable(textOf(variable.variable) ?? '');
        const units = textOf(variable.units) ?? '';
        const start = textOf(variable.period_start);
        const end = textOf(variable.period_end);
        return {
          variable: code,
          name: textOf(variable.name) ?? '',
          units,
          subdesc: textOf(variable.subdesc) ?? '',
          periodStart: start === undefined ? undefined : compactLocalTime(start, offset),
          periodEnd: end === undefined ? undefined : compactLocalTime(end, offset),
          measure: hydstraMeasure(code, units),
        };
      }),
    };
  });
}

/** "<site>|<variable>" → units, the key hydstraLatestSeries expects. */
export function unitsBySiteVariable(sites: readonly HydstraSiteVariables[]): Map<string, string> {
  const units = new Map<string, string>();
  for (const site of sites) for (const v of site.variables) units.set(`${site.site}|${v.variable}`, v.units);
  return units;
}
