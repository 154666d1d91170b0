import { flattenGeometry } from '../common/geometry.js';
import { featureParts, readFeatureCollection } from '../common/body-text.js';
import { RecordCollector } from '../common/collector.js';
import type { FeedParser } from '../common/types.js';
import { collectedOf, perthTime, recordStart, textOf, withoutUndefined } from './dfes-shared.js';
import { lgasIn, mapWarning } from './dfes-warnings.js';

/**
 * WA DFES legacy https://www.emergency.wa.gov.au/data/message_warnings.json (FEEDS.md section 6):
 * blank lines around a FeatureCollection of warning points (`sm_coordinates` member ignored);
 * `messageId` (`sta_…`, `oac_…`: the same ids as message.rss links), `type` ("Storm - Take Action Now",
 * "All Clear") holding the level, `category` (sometimes) the hazard, `lastUpdatedTime` Perth
 * `DD/MM/YY hh:mm:ss PM`.
 * Unmapped fields are reported as: type, category, lastUpdatedTime.
 */

const FEED = 'WA DFES message_warnings.json';
const TIME_FORMAT = 'dd/MM/yy hh:mm:ss a';

export const parseWaDfesMessageWarningsJson: FeedParser = (body) => {
  const collector = new RecordCollector();
  for (const feature of readFeatureCollection(body, FEED)) {
    const { properties, geometry } = featureParts(feature);
    const messageId = textOf(properties.messageId);
    const updatedText = textOf(properties.lastUpdatedTime);
    const started = recordStart(
      messageId,
      [],
      [['lastUpdatedTime', updatedText, perthTime(updatedText, TIME_FORMAT)]],
      collector,
    );
    if (!started) continue;
    const { context, timestamps } = started;

    const type = textOf(properties.type) ?? '';
    const category = textOf(properties.category);
    const mapping = mapWarning(
      context,
      { field: 'type', value: type },
      { field: 'category', value: category },
    );
    const subject = textOf(properties.subject);
    const headline = textOf(properties.headline) ?? '';
    const flat = flattenGeometry(geometry);

    collector.add(
      collectedOf(
        {
          context,
          title: subject ?? ([type, headline].filter(Boolean).join(' for ') || context.source.feedId),
          ...mapping,
          timestamps,
          point: flat.points[0],
          polygons: flat.polygons,
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
        },
        context.source.feedId,
      ),
    );
  }
  return collector.result();
};
