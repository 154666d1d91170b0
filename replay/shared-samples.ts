import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The real published documents live beside the project in ../shared (third-party data, never copied
 * in). Suites over them fail, with this message, on a clone that lacks the folder.
 */
export const SHARED_DIR = fileURLToPath(new URL('../../shared/', import.meta.url));
export const UPSTREAM_SAMPLES_DIR = `${SHARED_DIR}upstream/samples/`;

export function requireSharedFolder(relative: string): string {
  const path = `${SHARED_DIR}${relative}`;
  if (!existsSync(path)) {
    throw new Error(`These tests need ../shared/${relative} beside the project (looked in ${path})`);
  }
  return path;
}

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

/** The upstream format of a sample file, from its name. */
export function formatOfSample(file: string): string | undefined {
  return FORMAT_BY_PREFIX.find(([prefix]) => file.startsWith(prefix))?.[1];
}

export interface UpstreamSample {
  state: string;
  file: string;
  path: string;
  format: string | undefined;
}

/** Every real upstream sample, state by state, with its format where one is known. */
export function upstreamSamples(): UpstreamSample[] {
  requireSharedFolder('upstream/samples');
  return readdirSync(UPSTREAM_SAMPLES_DIR)
    .sort()
    .flatMap((state) =>
      readdirSync(`${UPSTREAM_SAMPLES_DIR}${state}`)
        .sort()
        .map((file) => ({
          state,
          file,
          path: `${UPSTREAM_SAMPLES_DIR}${state}/${file}`,
          format: formatOfSample(file),
        })),
    );
}
