import { GaugeSourceError, malformed } from '../errors.js';
import { asRecord, numberOf, readJson, textOf } from '../json-body.js';

/**
 * The Hydstra web service answers every call with HTTP 200 and a JSON object whose `error_num` says
 * whether it worked: 0 with a `return` member, or an error number and `error_msg`. Error 126 ("No data
 * within specified period") is an empty answer, not a failure.
 */

export const HYDSTRA_FORMAT = 'hydstra';

/** Error numbers that mean "nothing in the period", answered as an empty result. */
const NO_DATA_ERRORS = new Set([126]);

export type HydstraAnswer =
  { kind: 'ok'; value: unknown; licence: string | undefined } | { kind: 'no_data'; message: string };

/** True for a Hydstra error number that means "no data" rather than a failure. */
export const isNoDataError = (errorNum: number): boolean => NO_DATA_ERRORS.has(errorNum);

/** The `return` member of a Hydstra answer, `no_data`, or a GaugeSourceError (upstream or malformed). */
export function hydstraAnswer(body: Uint8Array | string, fn: string): HydstraAnswer {
  const format = `${HYDSTRA_FORMAT} ${fn}`;
  const document = asRecord(readJson(body, format));
  if (!document || typeof document.error_num !== 'number') {
    throw malformed(format, 'not a Hydstra answer (no numeric error_num)');
  }
  const errorNum = document.error_num;
  if (errorNum !== 0) {
    const message = textOf(document.error_msg) ?? '(no message)';
    if (isNoDataError(errorNum)) return { kind: 'no_data', message };
    throw new GaugeSourceError('upstream', `${format}: error ${errorNum}: ${message}`, String(errorNum));
  }
  if (!('return' in document)) throw malformed(format, 'error_num 0 without a return member');
  return { kind: 'ok', value: document.return, licence: textOf(document.licence) };
}

/** A per-site or per-trace error inside an otherwise good answer (one bad site of a batch of sixty). */
export interface HydstraProblem {
  site: string;
  errorNum: number;
  message: string;
}

/**
 * Sets aside a trace that carries its own error: "no data" lists its site in `noDataSites`, any other
 * error becomes a problem. True when the trace had an error, so has no values to read.
 */
export function setAsideTraceError(
  trace: Record<string, unknown>,
  site: string,
  result: { problems: HydstraProblem[]; noDataSites: string[] },
): boolean {
  const errorNum = numberOf(trace.error_num) ?? 0;
  if (errorNum === 0) return false;
  if (isNoDataError(errorNum)) result.noDataSites.push(site);
  else result.problems.push({ site, errorNum, message: textOf(trace.error_msg) ?? '(no message)' });
  return true;
}

/** `site_details.timezone` ("10.0", "9.5") in minutes east of UTC, or undefined. */
export function siteOffsetMinutes(timezone: unknown): number | undefined {
  const text = textOf(timezone);
  if (text === undefined) return undefined;
  const hours = Number(text);
  return Number.isFinite(hours) && Math.abs(hours) <= 14 ? Math.round(hours * 60) : undefined;
}
