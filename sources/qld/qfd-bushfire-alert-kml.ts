import type { Position } from '../../model/index.js';
import { collectRecords, type CollectedRecord, type RecordCollector } from '../common/collector.js';
import { eitherTimestamps } from '../common/drafts.js';
import { readKml, type KmlPlacemark } from '../common/kml.js';
import { timeFieldReader } from '../common/record-times.js';
import { parseUtcTimeInZone } from '../common/time.js';
import type { FeedParser } from '../common/types.js';
import {
  incidentRecord,
  lookup,
  numberOf,
  QLD_ZONE,
  startQfdRecord,
  type Report,
  type Timestamps,
} from './qfd-drafts.js';
import { eventTypeInText, FALLBACK, incidentTypeOf, statusOf, warningLevelOf } from './qfd-vocabulary.js';

/**
 * QFD (QFES) bushfireAlert.kmz, read as its unzipped `doc.kml` (FEEDS.md section 4, seen 2020, FME).
 * One Placemark per incident, fields in ExtendedData/SchemaData: `Master_Incident_Number` (the CAD
 * number, the same id as in the JSON and Atom variants), `Location`, `CurrentStatus`, `ResponseDate` and
 * `LastUpdate` as `YYYYMMDDHHMMSS` in UTC although nothing says so (the description shows the same
 * instant +10 h), `IncidentType`, `Region`, `Latitude`/`Longitude`, `VehiclesOnRoute`/`OnScene`,
 * `CurrentWarning` (Information/Notification), `MediaMessage`. The Point carries a third ordinate.
 * Unmapped fields are reported as: CurrentWarning, CurrentStatus, IncidentType, ResponseDate,
 * LastUpdate, coordinates.
 */

const FEED = 'QFD bushfireAlert doc.kml';
const UTC_STAMP_FORMAT = 'yyyyMMddHHmmss';

function timestampsOf(data: Record<string, string>, report: Report): Timestamps | undefined {
  const read = timeFieldReader(report, (text) => parseUtcTimeInZone(text, UTC_STAMP_FORMAT, QLD_ZONE));
  const reported = read('ResponseDate', data.ResponseDate?.trim());
  const updated = read('LastUpdate', data.LastUpdate?.trim());
  return eitherTimestamps(reported, updated);
}

/** The Point (third ordinate dropped), else the Latitude/Longitude fields. */
function positionOf(placemark: KmlPlacemark, report: Report): Position | undefined {
  const [point] = placemark.geometry.points;
  if (point) return point;
  const latitude = numberOf(placemark.extendedData.Latitude);
  const longitude = numberOf(placemark.extendedData.Longitude);
  if (latitude === undefined || longitude === undefined) return undefined;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) {
    report('coordinates', `${latitude},${longitude}`);
    return undefined;
  }
  return [longitude, latitude];
}

function parsePlacemark(placemark: KmlPlacemark, collector: RecordCollector): CollectedRecord | undefined {
  const data = placemark.extendedData;
  const name = placemark.id ?? placemark.name ?? '';
  const started = startQfdRecord(data.Master_Incident_Number?.trim(), name, collector, (report) =>
    timestampsOf(data, report),
  );
  if (!started) return undefined;
  const { uniqueId, report } = started;

  const level = data.CurrentWarning ?? placemark.fields.snippet ?? '';
  const warningLevel = lookup(report, 'CurrentWarning', level, warningLevelOf, FALLBACK.warningLevel);
  const rawStatus = data.CurrentStatus?.trim() ?? '';
  const status = lookup(report, 'CurrentStatus', rawStatus, statusOf, FALLBACK.status);
  const incidentType = data.IncidentType?.trim() ?? '';
  // A placemark of the bushfire alert feed without a type is a bushfire.
  const eventType =
    incidentType === ''
      ? 'bushfire'
      : lookup(
          report,
          'IncidentType',
          incidentType,
          (raw) => incidentTypeOf(raw) ?? eventTypeInText(raw),
          FALLBACK.eventType,
        );

  const position = positionOf(placemark, report);
  const address = (data.Location ?? placemark.name ?? '').trim();
  const reading = {
    title: placemark.name?.trim() || address || uniqueId,
    eventType,
    status,
    warningLevel,
    address,
    details: {
      description: (data.MediaMessage ?? placemark.description ?? '').trim(),
      current_warning: level,
      status_raw: rawStatus,
      type: incidentType,
      region: data.Region?.trim(),
      vehicles_on_route: numberOf(data.VehiclesOnRoute),
      vehicles_on_scene: numberOf(data.VehiclesOnScene),
      source_id: uniqueId,
    },
  };
  return incidentRecord(started, reading, position);
}

export const parseQldQfdBushfireAlertKml: FeedParser = (body) => {
  const { placemarks } = readKml(body, FEED);
  return collectRecords(placemarks, parsePlacemark);
};
