import { readKml, type KmlPlacemark } from '../common/kml.js';
import { collectRecords } from '../common/collector.js';
import type { FeedParser } from '../common/types.js';
import {
  collectedOf,
  numberOf,
  parseDescription,
  parseFirstReported,
  suburbOf,
  tidy,
  withoutEmpty,
  type CriimsonAgency,
  type CriimsonRecord,
} from './criimson-common.js';

/**
 * SA CRIIMSON incident placemarks, KML 2.2 (FEEDS.md section 5), one document per agency:
 * http(s)://data.eso.sa.gov.au/prod/cfs/criimson/cfs_incident_placemark.xml and …/prod/mfs/criimson/
 * mfs_incident_placemark.xml. Each `<Placemark id="<incident number>">` has:
 * - `<name>` "STREET, SUBURB" and the non-standard `<incidentname>` SUBURB (both may be empty);
 * - `<description>` escaped HTML: `Type&lt;br&gt;First Reported: Tuesday, 05 May 2020 16:33:00&lt;br&gt;
 *   Status: GOING&lt;br&gt;Region: MFS`, read by known keys; the type line may be empty;
 * - `<aircraft>` (CFS only), `<styleUrl>` `#{Fire,Other,…}{Open,Safe,Closed}Icon`;
 * - a Point `lon,lat,alt`.
 * "First Reported" (Adelaide wall clock) is the only time: both `reported` and `updated`.
 * The CFS document lists MFS-region incidents that the MFS document lists too: Region picks the
 * agency of the id, so both give the same id.
 * Unmapped fields are reported as: type, status.
 */

function recordOf(placemark: KmlPlacemark, feedAgency: CriimsonAgency): CriimsonRecord | undefined {
  const incidentNo = placemark.id?.trim();
  if (!incidentNo) return undefined;
  const description = parseDescription(placemark.description ?? '');
  const address = tidy(placemark.name);
  const suburb = tidy(placemark.fields.incidentname) || suburbOf(address);
  const reported = parseFirstReported(description.fields['First Reported']);
  const [position] = placemark.geometry.points;
  return {
    incidentNo,
    feedAgency,
    region: description.fields.Region,
    type: description.lead,
    status: description.fields.Status,
    address,
    suburb,
    position,
    reported,
    updated: reported,
    details: withoutEmpty({
      description: description.text,
      incident_name: tidy(placemark.fields.incidentname),
      aircraft: numberOf(placemark.fields.aircraft),
      icon_style: placemark.styleUrl?.trim().replace(/^#/, ''),
      first_reported: description.fields['First Reported'],
    }),
  };
}

/** One parser per agency's document: the agency is the fallback when a placemark's Region is unknown. */
export function criimsonPlacemarkParser(feedAgency: CriimsonAgency): FeedParser {
  const feedName = `SA ${feedAgency.toUpperCase()} ${feedAgency}_incident_placemark.xml`;
  return (body) =>
    collectRecords(readKml(body, feedName).placemarks, (placemark, collector) => {
      const record = recordOf(placemark, feedAgency);
      if (record) return collectedOf(record, collector);
      collector.drop('no-id', placemark.name ?? '');
      return undefined;
    });
}

export const parseSaCfsIncidentPlacemarks: FeedParser = criimsonPlacemarkParser('cfs');
export const parseSaMfsIncidentPlacemarks: FeedParser = criimsonPlacemarkParser('mfs');
