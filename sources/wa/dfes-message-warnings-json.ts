import type { FeedParser } from '../common/types.js';
import { dfesGeoJsonParser, type DfesGeoJsonFile } from './dfes-geojson.js';
import { textOf, withoutUndefined } from './dfes-shared.js';
import { lgasIn, mapWarning } from './dfes-warnings.js';

/**
 * WA DFES legacy https://www.emergency.wa.gov.au/data/message_warnings.json (FEEDS.md section 6):
 * blank lines around a FeatureCollection of warning points (`sm_coordinates` member ignored);
 * `messageId` (`sta_…`, `oac_…`: the same ids as message.rss links), `type` ("Storm - Take Action Now",
 * "All Clear") holding the level, `category` (sometimes) the hazard, `lastUpdatedTime` Perth
 * `DD/MM/YY hh:mm:ss PM`.
 * Unmapped fields are reported as: type, category, lastUpdatedTime.
 */

/** `lastUpdatedTime`, Perth wall clock. */
const FILE: DfesGeoJsonFile = {
  feed: 'WA DFES message_warnings.json',
  timeFormat: 'dd/MM/yy hh:mm:ss a',
  reportedFields: [],
  updatedFields: ['lastUpdatedTime'],
  feedIdOf: (properties) => textOf(properties.messageId),
};

export const parseWaDfesMessageWarningsJson: FeedParser = dfesGeoJsonParser(FILE, (properties, context) => {
  const messageId = context.source.feedId;
  const type = textOf(properties.type) ?? '';
  const category = textOf(properties.category);
  const mapping = mapWarning(context, { field: 'type', value: type }, { field: 'category', value: category });
  const subject = textOf(properties.subject);
  const headline = textOf(properties.headline) ?? '';

  return {
    title: subject ?? ([type, headline].filter(Boolean).join(' for ') || messageId),
    ...mapping,
    areaType: 'warning_area',
    place: { address: headline, suburb: '', lga: lgasIn(subject ?? '').join(', ') },
    details: withoutUndefined({
      warning_type: type || undefined,
      category,
      headline: headline || undefined,
      location_text: textOf(properties.locationSuburb),
      cad_id: textOf(properties.fcadId),
      incident_events_id: textOf(properties.incidentEventsId),
      message_id: messageId,
      source_url: `https://www.emergency.wa.gov.au/#map/warning/${messageId}`,
    }),
  };
});
