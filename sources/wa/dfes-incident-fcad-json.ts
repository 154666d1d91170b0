import type { FeedParser } from '../common/types.js';
import { dfesGeoJsonParser, type DfesGeoJsonFile } from './dfes-geojson.js';
import { incidentFeedId, incidentTitle, legacyIncidentUrl, lgaOf } from './dfes-incidents.js';
import { numberOf, textOf, withoutUndefined } from './dfes-shared.js';
import { eventTypeOf, FALLBACK, statusOf } from './dfes-vocabulary.js';

/**
 * WA DFES legacy https://www.emergency.wa.gov.au/data/incident_FCAD.json (FEEDS.md section 6,
 * "Legacy fields"): GeoJSON-ish, blank lines before the JSON, a non-standard `sm_coordinates` member in
 * each Point (ignored), `startTime`/`lastUpdatedTime` as Perth wall clock `YYYY-MM-DD HH:mm:ss`.
 * Unmapped fields are reported as: type, status, startTime, lastUpdatedTime.
 */

/** `startTime`/`lastUpdatedTime`, Perth wall clock. */
const FILE: DfesGeoJsonFile = {
  feed: 'WA DFES incident_FCAD.json',
  timeFormat: 'yyyy-MM-dd HH:mm:ss',
  reportedFields: ['startTime'],
  updatedFields: ['lastUpdatedTime'],
  feedIdOf: (properties) =>
    incidentFeedId(textOf(properties.DFESUniqueNumber), textOf(properties.incidentEventsId)),
};

export const parseWaDfesIncidentFcadJson: FeedParser = dfesGeoJsonParser(FILE, (properties, context) => {
  const cadId = textOf(properties.DFESUniqueNumber);
  const websiteId = textOf(properties.incidentEventsId);
  // `type`, `description` and `situation` have always held the same value.
  const type = textOf(properties.type) ?? textOf(properties.description) ?? textOf(properties.situation);
  const statusRaw = textOf(properties.status);
  const eventType = context.lookup('type', type ?? '', eventTypeOf, FALLBACK.eventType);
  const status = context.lookup('status', statusRaw ?? '', statusOf, FALLBACK.status);

  const street = textOf(properties.locationStreetName);
  const crossStreet = textOf(properties.locationCrossName);
  const suburb = textOf(properties.locationSuburb) ?? '';
  const lga = lgaOf(textOf(properties.localGovernmentArea));
  const region = textOf(properties.region);
  const road = street && crossStreet ? `${street} & ${crossStreet}` : street;

  return {
    title: incidentTitle(type, suburb, lga, region),
    eventType,
    status,
    warningLevel: 'none',
    areaType: 'incident_area',
    place: { address: [road, suburb].filter(Boolean).join(', '), suburb, lga },
    details: withoutUndefined({
      type,
      status_raw: statusRaw,
      region,
      area_burnt: numberOf(properties.areaBurnt) ?? textOf(properties.areaBurnt),
      appliances: numberOf(properties.numOfAppliancesResponding),
      classification: textOf(properties.classification),
      cross_street: crossStreet,
      cad_id: cadId,
      source_id: websiteId,
      source_url: legacyIncidentUrl(websiteId),
    }),
  };
});
