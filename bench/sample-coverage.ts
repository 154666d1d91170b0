/**
 * Parses every real published sample in ../shared/upstream/samples with its format's parser and prints
 * a table per state: incidents, areas, dropped records, and the values that fell back to other/Unknown
 * (reported as unmapped) with the share of incidents that carry one. Usage: npm run bench:samples
 */
import { readFileSync, readdirSync } from 'node:fs';
import { parserFor } from '../activities/sources/index.js';
import { UPSTREAM_SAMPLES_DIR, requireSharedFolder } from '../test/support/shared-samples.js';

/** Sample file (by prefix) → its upstream format. */
const FORMAT_BY_PREFIX: [string, string][] = [
  ['nsw-rfs-majorIncidents-georss', 'nsw-rfs-major-incidents-georss'],
  ['nsw-rfs-majorIncidentsCAP', 'nsw-rfs-major-incidents-cap'],
  ['nsw-rfs-cap-au', 'nsw-rfs-major-incidents-cap'],
  ['nsw-rfs-majorIncidents', 'nsw-rfs-major-incidents-geojson'],
  ['nsw-rfs-hazardreduction', 'nsw-rfs-hazard-reductions-json'],
  ['vicemergency-events-geojson', 'vic-emv-events-geojson'],
  ['vicemergency-osom-geojson', 'vic-emv-osom-geojson'],
  ['qld-qfes-bushfireAlert-atom', 'qld-qfd-bushfire-alert-atom'],
  ['qld-qfes-bushfireAlert-kmz', 'qld-qfd-bushfire-alert-kml'],
  ['sa-cfs-criimson-CFS_Current_Incidents-rss', 'sa-cfs-current-incidents-rss'],
  ['sa-cfs-criimson-cfs_current_incidents', 'sa-cfs-current-incidents-json'],
  ['sa-cfs-criimson-incident-placemark', 'sa-cfs-incident-placemark-kml'],
  ['sa-mfs-criimson-incident-placemark', 'sa-mfs-incident-placemark-kml'],
  ['sa-cfs-warning-points', 'sa-cfs-warning-points-geojson'],
  ['wa-dfes-incident_FCAD-json', 'wa-dfes-incident-fcad-geojson'],
  ['wa-dfes-incident_FCAD-rss', 'wa-dfes-incident-fcad-rss'],
  ['wa-dfes-message-rss', 'wa-dfes-message-rss'],
  ['wa-dfes-message_FDR', 'wa-dfes-fire-danger-rss'],
  ['wa-dfes-message_TFB', 'wa-dfes-total-fire-ban-rss'],
  ['wa-dfes-message_warnings-json', 'wa-dfes-message-warnings-geojson'],
  ['tas-tasalert-data-geojson', 'tas-tasalert-data-geojson'],
  ['tas-tfs-alert-areas-kml', 'tas-tfs-alert-areas-kml'],
  ['tas-tfs-colBushfireSummariesRss', 'tas-tfs-bushfire-summaries-georss'],
  ['tas-tfs-incidents-bfKml', 'tas-tfs-incidents-kml'],
  ['nt-pfes-ntfrsincidents', 'nt-pfes-incidents-json'],
  ['nt-pfes-warnings', 'nt-pfes-warnings-json'],
  ['act-esa-currentincidents-georss', 'act-esa-current-incidents-georss'],
  ['act-esa-website-incidents-polygon', 'act-esa-website-polygons-json'],
  ['act-esa-website-incidents-feed', 'act-esa-website-incidents-json'],
];

requireSharedFolder('upstream/samples');
let files = 0;
for (const state of readdirSync(UPSTREAM_SAMPLES_DIR).sort()) {
  console.log(`\n${state}`);
  console.log(
    ['sample', 'format', 'incidents', 'areas', 'dropped', 'fell back to other/Unknown'].join(' | '),
  );
  for (const file of readdirSync(`${UPSTREAM_SAMPLES_DIR}${state}`).sort()) {
    files++;
    const format = FORMAT_BY_PREFIX.find(([prefix]) => file.startsWith(prefix))?.[1];
    const parser = format ? parserFor(format) : undefined;
    if (!format || !parser) {
      console.log(`${file} | NO PARSER`);
      continue;
    }
    const result = parser(readFileSync(`${UPSTREAM_SAMPLES_DIR}${state}/${file}`));
    const points = result.incidents.filter((draft) => draft.featureType === 'incident').length;
    const withFallback = new Set(result.unmapped.map((value) => value.incidentId).filter((id) => id !== ''))
      .size;
    const share = points === 0 ? 0 : (100 * withFallback) / points;
    console.log(
      [
        file,
        format,
        points,
        result.incidents.length - points,
        result.dropped?.length ?? 0,
        `${result.unmapped.length} values, ${withFallback} incidents (${share.toFixed(1)}%)`,
      ].join(' | '),
    );
  }
}
console.log(`\n${files} sample files`);
