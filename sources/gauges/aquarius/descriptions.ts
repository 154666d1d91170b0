import { asRecord, numberOf, textOf } from '../json-body.js';
import type { GaugeMeasure } from '../station.js';
import { normaliseInstant } from '../../../model/time/fixed-offset.js';
import {
  AQUARIUS_FORMAT,
  aquariusPeriodMs,
  aquariusResponse,
  arrayMember,
  utcOffsetMinutes,
} from './envelope.js';
import { aquariusMeasure } from './parameters.js';
import { malformed } from '../errors.js';

/**
 * `GetTimeSeriesDescriptionList`: the series a server publishes, each with its location, parameter,
 * unit, UTC offset and `Thresholds` (`{Name, ReferenceCode, Type: ThresholdAbove|ThresholdBelow,
 * Severity, Periods[{StartTime, EndTime, ReferenceValue}]}`).
 */

export interface AquariusThresholdPeriod {
  startMs: number;
  endMs: number;
  value: number;
}

export interface AquariusThreshold {
  name: string;
  referenceCode: string;
  type: string;
  severity: number | undefined;
  periods: AquariusThresholdPeriod[];
}

export interface AquariusSeriesDescription {
  uniqueId: string;
  identifier: string;
  locationIdentifier: string;
  parameter: string;
  label: string;
  unit: string;
  utcOffsetMinutes: number | undefined;
  lastModified: string | undefined;
  rawEndTime: string | undefined;
  publish: boolean;
  /** The gauge variable, when the series is a level or rainfall series in a fitting unit. */
  measure: GaugeMeasure | undefined;
  thresholds: AquariusThreshold[];
}

const OPERATION = 'GetTimeSeriesDescriptionList';

export function parseAquariusDescriptions(body: Uint8Array | string): AquariusSeriesDescription[] {
  const document = aquariusResponse(body, OPERATION);
  return arrayMember(document, 'TimeSeriesDescriptions', OPERATION).map((item) => {
    const description = asRecord(item);
    const uniqueId = textOf(description?.UniqueId);
    if (!description || uniqueId === undefined) {
      throw malformed(`${AQUARIUS_FORMAT} ${OPERATION}`, 'a description has no UniqueId');
    }
    const parameter = textOf(description.Parameter) ?? '';
    const label = textOf(description.Label) ?? '';
    const identifier = textOf(description.Identifier) ?? '';
    const unit = textOf(description.Unit) ?? '';
    const lastModified = textOf(description.LastModified);
    const rawEndTime = textOf(description.RawEndTime);
    return {
      uniqueId,
      identifier,
      locationIdentifier: textOf(description.LocationIdentifier) ?? '',
      parameter,
      label,
      unit,
      utcOffsetMinutes: utcOffsetMinutes(description.UtcOffset),
      lastModified: lastModified === undefined ? undefined : normaliseInstant(lastModified),
      rawEndTime: rawEndTime === undefined ? undefined : normaliseInstant(rawEndTime),
      publish: description.Publish !== false,
      measure: aquariusMeasure(parameter, label, identifier, unit),
      thresholds: Array.isArray(description.Thresholds) ? description.Thresholds.map(threshold) : [],
    };
  });
}

function threshold(item: unknown): AquariusThreshold {
  const entry = asRecord(item) ?? {};
  const periods = Array.isArray(entry.Periods) ? entry.Periods : [];
  return {
    name: textOf(entry.Name) ?? '',
    referenceCode: textOf(entry.ReferenceCode) ?? '',
    type: textOf(entry.Type) ?? '',
    severity: numberOf(entry.Severity),
    periods: periods.flatMap((raw): AquariusThresholdPeriod[] => {
      const period = asRecord(raw) ?? {};
      const span = aquariusPeriodMs(period);
      const value = numberOf(period.ReferenceValue);
      return span === undefined || value === undefined ? [] : [{ ...span, value }];
    }),
  };
}
