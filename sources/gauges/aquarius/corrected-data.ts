import type { GaugeReading } from '../../../model/index.js';
import { asRecord, numberOf, textOf } from '../json-body.js';
import { normaliseInstant } from '../../../model/time/fixed-offset.js';
import { aquariusEpochMs, aquariusPeriodMs, aquariusResponse, arrayMember } from './envelope.js';

/**
 * `GetTimeSeriesCorrectedData`: `{UniqueId, LocationIdentifier, Parameter, Unit, Grades[{StartTime,
 * EndTime, GradeCode}], Points[{Timestamp, Value{Numeric, Display}}]}`. A point whose Numeric is null
 * is a gap. A reading's quality is the grade code of the grade period that covers it.
 */

export interface AquariusCorrectedData {
  uniqueId: string;
  locationIdentifier: string;
  parameter: string;
  unit: string;
  readings: GaugeReading[];
  missing: number;
}

const OPERATION = 'GetTimeSeriesCorrectedData';

interface GradePeriod {
  startMs: number;
  endMs: number;
  code: string;
}

export function parseAquariusCorrectedData(body: Uint8Array | string): AquariusCorrectedData {
  const document = aquariusResponse(body, OPERATION);
  const grades = gradePeriods(document.Grades);
  const readings: GaugeReading[] = [];
  let missing = 0;
  for (const item of arrayMember(document, 'Points', OPERATION)) {
    const point = asRecord(item) ?? {};
    const timestamp = textOf(point.Timestamp);
    const value = numberOf(asRecord(point.Value)?.Numeric);
    const time = timestamp === undefined ? undefined : normaliseInstant(timestamp);
    if (time === undefined || value === undefined) {
      missing++;
      continue;
    }
    readings.push({ time, value, quality: gradeAt(grades, aquariusEpochMs(timestamp)!) });
  }
  return {
    uniqueId: textOf(document.UniqueId) ?? '',
    locationIdentifier: textOf(document.LocationIdentifier) ?? '',
    parameter: textOf(document.Parameter) ?? '',
    unit: textOf(document.Unit) ?? '',
    readings,
    missing,
  };
}

function gradePeriods(value: unknown): GradePeriod[] {
  if (!Array.isArray(value)) return [];
  return value
    .flatMap((item): GradePeriod[] => {
      const grade = asRecord(item) ?? {};
      const span = aquariusPeriodMs(grade);
      const code = textOf(grade.GradeCode);
      return span === undefined || code === undefined ? [] : [{ ...span, code }];
    })
    .sort((a, b) => a.startMs - b.startMs);
}

/** Grade periods are half-open [start, end); few per response, so a scan is enough. */
function gradeAt(grades: readonly GradePeriod[], epochMs: number): string | null {
  for (const grade of grades) if (grade.startMs <= epochMs && epochMs < grade.endMs) return grade.code;
  return null;
}
