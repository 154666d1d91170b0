import {
  ARCHIVE_INCIDENT_DEFAULTS,
  approximateLocation,
  categoryOf,
  type ApproximateLocator,
  type ArchiveRecord,
  type Precision,
} from '../../model/index.js';
import type { InterchangeRow } from './interchange.js';
import { localMidnight, nextDay } from './local-days.js';

/** What every record of one load shares. */
export interface ArchiveLoadContext {
  locator: ApproximateLocator;
  /** When the load ran: every record's `fetched_at` (ISO 8601 with offset). */
  loadedAt: string;
}

interface Placed {
  latitude: number | null;
  longitude: number | null;
  precision: Precision | null;
  lga: string;
}

function place(row: InterchangeRow, locator: ApproximateLocator): Placed {
  if (row.latitude !== null && row.longitude !== null) {
    return { latitude: row.latitude, longitude: row.longitude, precision: 'exact', lga: row.lga ?? '' };
  }
  const approximate = approximateLocation(locator, row.state, row.postcode, row.lga);
  if (approximate) return approximate;
  return { latitude: null, longitude: null, precision: null, lga: row.lga ?? '' };
}

/** The archive record of one checked interchange row. */
export function toArchiveRecord(row: InterchangeRow, context: ArchiveLoadContext): ArchiveRecord {
  const { latitude, longitude, precision, lga } = place(row, context.locator);
  const endDate = row.event_end_date ?? row.event_start_date;
  const reportedAt = localMidnight(row.event_start_date, row.state);
  return {
    id: `${row.state}-${row.agency}-${row.source_id}`,
    feature_type: ARCHIVE_INCIDENT_DEFAULTS.feature_type,
    parent_id: null,
    state: row.state,
    agency: row.agency,
    feed_id: row.source_id,
    title: row.title,
    event_type: row.event_type,
    event_category: categoryOf(row.event_type),
    status: ARCHIVE_INCIDENT_DEFAULTS.status,
    warning_level: ARCHIVE_INCIDENT_DEFAULTS.warning_level,
    severity: ARCHIVE_INCIDENT_DEFAULTS.severity,
    urgency: ARCHIVE_INCIDENT_DEFAULTS.urgency,
    certainty: ARCHIVE_INCIDENT_DEFAULTS.certainty,
    address: row.address ?? '',
    suburb: row.suburb ?? '',
    lga,
    location_state: row.state,
    latitude,
    longitude,
    precision,
    geometry:
      latitude === null || longitude === null
        ? null
        : JSON.stringify({ type: 'Point', coordinates: [longitude, latitude] }),
    details: row.details ?? '{}',
    reported_at: reportedAt,
    updated_at: localMidnight(endDate, row.state),
    fetched_at: context.loadedAt,
    retracted: false,
    retracted_at: null,
    retraction_reason: null,
    event_start_date: row.event_start_date,
    event_end_date: row.event_end_date,
    magnitude: row.magnitude,
    magnitude_scale: row.magnitude_scale,
    impact_deaths: row.impact_deaths,
    impact_affected: row.impact_affected,
    impact_economic: row.impact_economic,
    glide_number: row.glide_number,
    valid_from: reportedAt,
    valid_to: localMidnight(nextDay(endDate), row.state),
  };
}
