import type { Settings } from '../config/index.js';
import { geographyLocator, loadGeography } from '../geo/index.js';
import { NO_LOCATOR, type ApproximateLocator } from '../model/index.js';

export type GeographySettings = Pick<
  Settings,
  | 'GEOGRAPHY_LGA_BOUNDARIES'
  | 'GEOGRAPHY_GNAF_LOCALITIES'
  | 'GEOGRAPHY_GNAF_POSTCODES'
  | 'GEOGRAPHY_POSTCODE_LOCALITIES'
>;

/**
 * The postcode/LGA lookup of archive loads, from the geography files the settings name, read once on
 * first use (the boundaries take seconds to index). Without boundaries, a lookup that knows nothing:
 * rows with no point keep a null geometry.
 */
export function archiveLocatorFromSettings(settings: GeographySettings): () => Promise<ApproximateLocator> {
  let loading: Promise<ApproximateLocator> | undefined;
  return () => {
    const boundaries = settings.GEOGRAPHY_LGA_BOUNDARIES;
    if (!boundaries) return Promise.resolve(NO_LOCATOR);
    loading ??= loadGeography({
      boundaries,
      ...(settings.GEOGRAPHY_GNAF_LOCALITIES ? { gnafLocalities: settings.GEOGRAPHY_GNAF_LOCALITIES } : {}),
      ...(settings.GEOGRAPHY_GNAF_POSTCODES ? { gnafPostcodes: settings.GEOGRAPHY_GNAF_POSTCODES } : {}),
      ...(settings.GEOGRAPHY_POSTCODE_LOCALITIES
        ? { postcodeLocalities: settings.GEOGRAPHY_POSTCODE_LOCALITIES }
        : {}),
    }).then(geographyLocator);
    // A failed read is tried again by the next load, not remembered.
    loading.catch(() => (loading = undefined));
    return loading;
  };
}
