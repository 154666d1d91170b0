import type { IncidentRecord } from '../../model/index.js';

/**
 * `count` made-up NSW fire incidents; poll `poll` changes the status of ten of them, so each poll
 * settles versions and publishes a new live set, as a busy feed would.
 */
export function makeLiveRecords(count: number, poll: number): IncidentRecord[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `nsw-rfs-live-${i}`,
    feature_type: 'incident',
    parent_id: null,
    state: 'nsw',
    agency: 'rfs',
    feed_id: `live-${i}`,
    title: `Live fire ${i}`,
    event_type: 'bushfire',
    event_category: 'fire',
    status: i % 100 === poll % 100 && poll % 2 === 1 ? 'contained' : 'active',
    warning_level: 'advice',
    severity: 'Minor',
    urgency: 'Expected',
    certainty: 'Observed',
    address: 'Fire Trail, Bushland',
    suburb: 'Bushland',
    lga: 'Bush Shire',
    location_state: 'nsw',
    latitude: -33 - i / 1000,
    longitude: 150 + i / 1000,
    precision: 'exact',
    geometry: `{"type":"Point","coordinates":[${150 + i / 1000},${-33 - i / 1000}]}`,
    details: '{}',
    reported_at: '2026-11-20T09:00:00+11:00',
    updated_at: '2026-11-20T10:00:00+11:00',
    fetched_at: '2026-11-20T10:00:00+11:00',
    retracted: false,
    retracted_at: null,
    retraction_reason: null,
  }));
}
