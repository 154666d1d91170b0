import { GaugeSourceError, malformed } from '../errors.js';
import { asRecord, readJson, textOf } from '../json-body.js';
import { parseInstant } from '../../../model/time/fixed-offset.js';

/**
 * AQUARIUS Time-Series Publish API v2 (a ServiceStack service). No real response was on hand: these
 * parsers follow the service model of Aquatic Informatics' public .NET SDK (ServiceModels/Publish.cs:
 * TimeSeriesDescriptionListServiceResponse, TimeSeriesDataServiceResponse,
 * TimeSeriesUniqueIdListServiceResponse, LocationDataServiceResponse) and its date serializer
 * (round-trip "o" format, e.g. 2015-12-25T00:00:00.0000000-08:00, with T24:00 for an end of day).
 * Errors are ServiceStack's `{ResponseStatus: {ErrorCode, Message}}`.
 */

export const AQUARIUS_FORMAT = 'aquarius-publish';

/** The response object of a Publish operation, or a GaugeSourceError (malformed, or the service's error). */
export function aquariusResponse(body: Uint8Array | string, operation: string): Record<string, unknown> {
  const format = `${AQUARIUS_FORMAT} ${operation}`;
  const document = asRecord(readJson(body, format));
  if (!document) throw malformed(format, 'not a JSON object');
  const status = asRecord(document.ResponseStatus);
  const errorCode = textOf(status?.ErrorCode);
  if (status && errorCode !== undefined) {
    const message = textOf(status.Message) ?? '(no message)';
    throw new GaugeSourceError('upstream', `${format}: ${errorCode}: ${message}`, errorCode);
  }
  return document;
}

/** An array member of a response, or malformed. */
export function arrayMember(document: Record<string, unknown>, key: string, operation: string): unknown[] {
  const value = document[key];
  if (!Array.isArray(value)) throw malformed(`${AQUARIUS_FORMAT} ${operation}`, `no ${key} array`);
  return value;
}

/** Epoch milliseconds of an AQUARIUS date-time (which always carries an offset), or undefined. */
export function aquariusEpochMs(value: unknown): number | undefined {
  const text = textOf(value);
  return text === undefined ? undefined : parseInstant(text)?.epochMs;
}

/** A period's `StartTime` and `EndTime` as epoch ms; undefined when either is missing or unreadable. */
export function aquariusPeriodMs(
  period: Record<string, unknown>,
): { startMs: number; endMs: number } | undefined {
  const startMs = aquariusEpochMs(period.StartTime);
  const endMs = aquariusEpochMs(period.EndTime);
  return startMs === undefined || endMs === undefined ? undefined : { startMs, endMs };
}

/** `UtcOffset` in hours (9.5) as minutes. */
export function utcOffsetMinutes(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? Math.round(value * 60) : undefined;
}
