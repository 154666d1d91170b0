import { categoryOf, toRecord, type Incident, type IncidentRecord } from '../../model/index.js';

/** A made-up NSW incident for unit tests; override what the test is about. */
export function makeIncident(feedId: string, overrides: Partial<Incident> = {}): Incident {
  return {
    id: `nsw-rfs-${feedId}`,
    featureType: 'incident',
    source: { state: 'nsw', agency: 'rfs', feedId },
    title: `Test fire ${feedId}`,
    eventType: 'bushfire',
    eventCategory: categoryOf('bushfire'),
    status: 'active',
    warningLevel: 'advice',
    severity: 'Minor',
    urgency: 'Expected',
    certainty: 'Unknown',
    geometry: { type: 'Point', coordinates: [150.5, -33.7] },
    location: {
      address: 'Example Rd, Sampleton',
      suburb: 'Sampleton',
      state: 'nsw',
      lga: 'Example Shire',
      latitude: -33.7,
      longitude: 150.5,
      precision: 'exact',
    },
    details: { description: 'made up', size: '5 ha' },
    timestamps: {
      reported: '2026-11-20T09:00:00+11:00',
      updated: '2026-11-20T10:00:00+11:00',
      fetched: '2026-11-20T10:05:00+11:00',
    },
    retraction: { retracted: false },
    ...overrides,
  };
}

export function makeRecord(feedId: string, overrides: Partial<Incident> = {}): IncidentRecord {
  return toRecord(makeIncident(feedId, overrides));
}
