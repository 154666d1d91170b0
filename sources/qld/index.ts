import type { FeedParser } from '../common/types.js';
import { parseQldQfdBushfireAlertAtom } from './qfd-bushfire-alert-atom.js';
import { parseQldQfdBushfireAlertGeojson } from './qfd-bushfire-alert-geojson.js';
import { parseQldQfdBushfireAlertKml } from './qfd-bushfire-alert-kml.js';

/** QLD formats, keyed by the catalogue's `format`. */
export const QLD_PARSERS: Readonly<Record<string, FeedParser>> = {
  'qld-qfd-bushfire-alert-geojson': parseQldQfdBushfireAlertGeojson,
  'qld-qfd-bushfire-alert-atom': parseQldQfdBushfireAlertAtom,
};

/** The KMZ's doc.kml, for archives: the catalogue polls the JSON and Atom variants of the same data. */
export const QLD_LEGACY_PARSERS: Readonly<Record<string, FeedParser>> = {
  'qld-qfd-bushfire-alert-kml': parseQldQfdBushfireAlertKml,
};
