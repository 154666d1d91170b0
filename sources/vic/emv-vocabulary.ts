import type { EventType, FeatureType, IncidentStatus } from '../../model/index.js';
import { lookupIn, vocabularyKey as key, vocabularyTable, warningLevelTable } from '../common/vocabulary.js';

/**
 * VicEmergency events-geojson.json / osom-geojson.json vocabularies (FEEDS.md section 3, 1.1–1.3).
 * Keys are lower case and white space is folded: lookups are case-insensitive. A lookup that finds
 * nothing returns undefined so the parser can report the raw value.
 */

/** What the parser does with the features of one `sourceFeed`. */
export interface SourceFeedRule {
  /** Agency code used in ids; stable across renames (MFB → FRV, DELWP → DEECA). */
  agency: string;
  /** The draft a polygon of this source becomes. */
  area: Exclude<FeatureType, 'incident'>;
  /** Prepended to the upstream id where two sources of one agency number their records separately. */
  idPrefix?: string;
  /** Which vocabulary the `status` field follows. */
  statusKind: 'incident' | 'warning' | 'fire-danger-rating';
  /** Set for cross-border copies of an agency polled directly: the record is dropped as `republished`. */
  republishedFrom?: string;
  /** Whether `location` reads as an address whose last part is a suburb. */
  addressLike: boolean;
}

const incident = (agency: string, extra: Partial<SourceFeedRule> = {}): SourceFeedRule => ({
  agency,
  area: 'incident_area',
  statusKind: 'incident',
  addressLike: true,
  ...extra,
});

/** `sourceFeed` → rule. FFMVic runs the fire and burn systems of DELWP, now DEECA: one agency code. */
const SOURCE_FEEDS: ReadonlyMap<string, SourceFeedRule> = new Map([
  ['cfa-incident', incident('cfa')],
  ['cfa-fdrtfb', incident('cfa', { area: 'fire_ban_area', addressLike: false })],
  [
    'cfa-fdr',
    incident('cfa', { area: 'fire_ban_area', addressLike: false, statusKind: 'fire-danger-rating' }),
  ],
  ['ses-incident', incident('ses')],
  ['mfb-incident', incident('frv')],
  ['esta-cad-event', incident('esta')],
  ['delwp-incident', incident('ffmvic')],
  ['deeca-incident', incident('ffmvic')],
  // Planned burns are numbered apart from bushfires: a prefix keeps both id spaces apart.
  ['delwp-burns', incident('ffmvic', { idPrefix: 'burn-' })],
  ['deeca-burns', incident('ffmvic', { idPrefix: 'burn-' })],
  ['cop-cap', incident('emv', { area: 'warning_area', statusKind: 'warning', addressLike: false })],
  ['ga-earthquake', incident('ga', { addressLike: false })],
  ['lsv-cap', incident('lsv', { addressLike: false })],
  // Polled directly from NSW RFS and SA CFS.
  ['rfs-cap', incident('rfs', { republishedFrom: 'NSW RFS' })],
  ['cfs-incident', incident('cfs', { republishedFrom: 'SA CFS' })],
]);

/** Bureau of Meteorology products (`bom-idv20600`, `bom-idv21037`…): warnings with warning polygons. */
const BOM_FEED = /^bom-idv\d+$/;
const BOM_RULE = incident('bom', { area: 'warning_area', addressLike: false });

/** `sourceOrg` → rule, for a `sourceFeed` this table does not know yet. */
const SOURCE_ORGS: ReadonlyMap<string, SourceFeedRule> = new Map([
  ['vic/cfa', incident('cfa')],
  ['vic/ses', incident('ses')],
  ['vic/frv', incident('frv')],
  ['vic/mfb', incident('frv')],
  ['vic/esta', incident('esta')],
  ['vic/delwp', incident('ffmvic')],
  ['vic/deeca', incident('ffmvic')],
  ['emv', incident('emv', { area: 'warning_area', statusKind: 'warning', addressLike: false })],
  ['au/bom', BOM_RULE],
  ['au/ga', incident('ga', { addressLike: false })],
  ['vic/lsv', incident('lsv', { addressLike: false })],
  ['nsw/rfs', incident('rfs', { republishedFrom: 'NSW RFS' })],
  ['sa/cfs', incident('cfs', { republishedFrom: 'SA CFS' })],
]);

/** For a source neither table knows: EMV's own code, reported as unmapped. */
export const FALLBACK_SOURCE: SourceFeedRule = incident('emv', { addressLike: false });

/** `feedType` values; anything else is read as an incident and reported. */
export const FEED_TYPES = new Set(['incident', 'warning', 'earthquake']);

/** Incident `status` (every agency's vocabulary, FEEDS.md 1.3 and section 3) → status. */
const STATUSES = vocabularyTable<IncidentStatus>({
  active: [
    'responding',
    'not yet under control',
    'not yet controlled',
    'out of control',
    'going',
    'request for assistance',
    'on scene',
    'in progress',
    // FEEDS.md 1.3: Unknown falls back to active; the raw value stays in details.
    'unknown',
    // BOM warnings, total fire bans, GA earthquakes and LSV shark sightings: live while published.
    'warning',
    'total fire ban in force',
    'minor',
    'moderate',
    'reported sighting',
    'unconfirmed sighting',
  ],
  contained: ['contained', 'being controlled'],
  controlled: ['under control', 'controlled', 'patrolled'],
  safe: ['safe'],
  completed: ['complete', 'completed'],
});

/** `status` of cop-cap warnings holds the CAP severity, or All Clear (FEEDS.md 1.3). */
const WARNING_STATUSES = vocabularyTable<IncidentStatus>({
  active: ['extreme', 'severe', 'moderate', 'minor', 'unknown'],
  safe: ['all clear'],
});

/** `status` of cfa-fdr features: the day's Fire Danger Rating (AFDRS since 2022, and the older scale). */
const FIRE_DANGER_RATINGS: ReadonlySet<string> = new Set([
  'no rating',
  'no forecast',
  'moderate',
  'high',
  'extreme',
  'catastrophic',
  'low-moderate',
  'low moderate',
  'very high',
  'severe',
  'code red',
]);

/** Warning `category1` → warningLevel (FEEDS.md 1.1: `Warning` and community messages are not AWS levels). */
const WARNING_LEVELS = warningLevelTable({
  emergency_warning: ['evacuate immediately'],
  none: ['community update', 'community information', 'warning'],
});

/** Incident `category2` → eventType (FEEDS.md section 3 "Mapping notes"). */
const CATEGORY2_EVENT_TYPES = vocabularyTable<EventType>({
  bushfire: ['bushfire', 'fire'],
  grass_fire: ['grass fire', 'grass and scrub'],
  burn_off: ['planned burn'],
  structure_fire: ['building fire', 'structure fire'],
  other: [
    'non structure fire',
    'landslide',
    'shark sighting',
    'other',
    'other non-urgent alerts',
    'env',
    'security',
    'health',
    'geo',
    'infra',
    'aircraft',
    'aircraft accident',
    'aircraft in trouble',
    'rail',
    'ship',
    'beach closure',
  ],
  tree_down: ['tree down'],
  storm: [
    'building damage',
    'strong wind',
    'gale wind',
    'storm force wind',
    'thunderstorm',
    'weather',
    'met',
  ],
  flood: ['flooding', 'washaway'],
  vehicle_accident: ['road accident', 'motor vehicle accident'],
  rescue: [
    'rescue',
    'rescue road trap',
    'rescue road trap fire',
    'rescue persons trapped',
    'rescue vehicle into structure',
    'rescue high angle',
    'rescue standby',
    'rescue structure collapse',
    'rescue industrial trap',
    'rescue confined space',
    'rescue rail trapped',
  ],
  hazmat: ['hazardous material', 'hazardous materials', 'cbrne', 'gas leaks'],
  fire_ban: ['total fire ban', 'fire danger rating'],
  earthquake: ['earthquake'],
});

/** Incident `category1` → eventType, when `category2` is missing or unknown. */
const CATEGORY1_EVENT_TYPES = vocabularyTable<EventType>({
  bushfire: ['fire'],
  burn_off: ['planned burn'],
  tree_down: ['tree down'],
  storm: ['building damage', 'met'],
  flood: ['flooding'],
  rescue: ['accident / rescue', 'rescue'],
  hazmat: ['hazardous material', 'cbrne'],
  earthquake: ['earthquake'],
  other: ['transport', 'environment', 'landslide', 'other'],
});

/**
 * Warning `cap.event` names (the 28 FEEDS.md lists, plus Communicable Disease) → eventType, used when
 * `cap.eventCode` is missing or unknown, and for the warning's linked incident `category2`.
 */
const CAP_EVENT_NAMES = vocabularyTable<EventType>({
  bushfire: ['bushfire'],
  grass_fire: ['grass fire'],
  structure_fire: ['structure fire', 'industrial fire'],
  flood: ['riverine flood', 'flash flood', 'storm surge', 'dam failure', 'levee failure'],
  storm: ['weather', 'thunderstorm'],
  extreme_heat: ['extreme heat'],
  earthquake: ['earthquake'],
  hazmat: ['chemical hazard', 'explosive hazard'],
  medical: ['ambulance'],
  other: [
    'blue green algae',
    'water quality',
    'drinking water',
    'air quality',
    'animal disease',
    'dangerous animal',
    'dangerous person',
    'plant pest',
    'landslide',
    'thunderstorm asthma',
    'tsunami',
    'building collapse',
    'communicable disease',
  ],
});

/** What unrecognised values fall back to (after being reported as unmapped). */
export { FALLBACK } from '../common/vocabulary.js';

export function sourceFeedRuleOf(sourceFeed: string, sourceOrg: string): SourceFeedRule | undefined {
  const feed = key(sourceFeed);
  if (BOM_FEED.test(feed)) return BOM_RULE;
  return SOURCE_FEEDS.get(feed) ?? SOURCE_ORGS.get(key(sourceOrg));
}

export function statusOf(status: string, kind: SourceFeedRule['statusKind']): IncidentStatus | undefined {
  const normalised = key(status);
  if (kind === 'warning') return WARNING_STATUSES.get(normalised);
  if (kind === 'fire-danger-rating') return FIRE_DANGER_RATINGS.has(normalised) ? 'active' : undefined;
  return STATUSES.get(normalised);
}

export const warningLevelOf = lookupIn(WARNING_LEVELS);

export const eventTypeOfCategory2 = lookupIn(CATEGORY2_EVENT_TYPES);

export const eventTypeOfCategory1 = lookupIn(CATEGORY1_EVENT_TYPES);

export const eventTypeOfCapEventName = lookupIn(CAP_EVENT_NAMES);
