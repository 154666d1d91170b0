import type { EventType, IncidentStatus, WarningLevel } from '../../model/index.js';
import { lookupIn, vocabularyKey as key, vocabularyTable } from '../common/vocabulary.js';

/**
 * WA DFES / Emergency WA vocabularies (FEEDS.md section 6 "Mapping notes", 1.1–1.3), shared by the
 * legacy feeds (incident_FCAD, message*.rss/json, message_TFB/FDR.rss) and the v1 API.
 * Keys are lower case, white space folded. A lookup that finds nothing returns undefined so the
 * parser can report the raw value.
 */

/** Incident `type` / v1 `incident-type`, and warning categories (`<b>Category: </b>`, `category`). */
const EVENT_TYPES = vocabularyTable<EventType>({
  bushfire: ['bushfire'],
  burn_off: ['burn off', 'prescribed burn'],
  structure_fire: ['structure fire'],
  vehicle_fire: ['vehicle fire'],
  alarm: ['active alarm'],
  vehicle_accident: ['road crash'],
  storm: [
    'storm damage',
    'storm',
    // "After Storm: Cancellation …" warnings (message.rss titles).
    'after storm',
  ],
  hazmat: [
    'fuel leak',
    'smell of gas',
    'hazmat',
    // v1 incident-type spelling seen in peer code.
    'hazardous materials',
  ],
  rescue: ['rescue'],
  flood: ['flood'],
  cyclone: ['cyclone'],
  earthquake: ['earthquake'],
  extreme_heat: ['heatwave'],
  other: [
    // "Fire" alone gives no vegetation/structure context: left generic (FEEDS.md: "other or bushfire by context").
    'fire',
    'incident',
    'other',
    'tsunami',
    // message.rss "Other" warnings titled "Park Closure Advice …" / "Evacuation Centre Advice …".
    'park closure',
    'evacuation centre',
  ],
});

/** Incident `status` / v1 `incident-status` (FEEDS.md 1.3, WA column). */
const STATUSES = vocabularyTable<IncidentStatus>({
  active: ['active', 'responding', 'on scene'],
  contained: ['contained'],
  controlled: ['monitoring', 'controlled'],
  safe: ['safe'],
});

export interface WarningPhase {
  warningLevel: WarningLevel;
  status: IncidentStatus;
}

/**
 * Level phrases inside a warning type or title ("Bushfire Advice", "Flood - Take Action Now",
 * "After Storm: Cancellation", "All Clear"), longest first so that "get ready" is not read inside a
 * longer phrase. Legacy DFES wording: "Take Action Now" → watch_and_act, "Get Ready" → advice
 * (FEEDS.md 1.1); "Prepare" is the storm template step below "Get Ready" (message.rss
 * `@Start{STORM:PREPARE}`), read as advice. All Clear and a storm "Cancellation" end the warning:
 * none, status safe.
 */
const WARNING_PHRASES: ReadonlyArray<readonly [string, WarningPhase]> = [
  ['emergency warning', { warningLevel: 'emergency_warning', status: 'active' }],
  ['watch and act', { warningLevel: 'watch_and_act', status: 'active' }],
  ['watch & act', { warningLevel: 'watch_and_act', status: 'active' }],
  ['take action now', { warningLevel: 'watch_and_act', status: 'active' }],
  ['get ready', { warningLevel: 'advice', status: 'active' }],
  ['prepare', { warningLevel: 'advice', status: 'active' }],
  ['advice', { warningLevel: 'advice', status: 'active' }],
  ['community information', { warningLevel: 'none', status: 'active' }],
  ['community update', { warningLevel: 'none', status: 'active' }],
  ['all clear', { warningLevel: 'none', status: 'safe' }],
  ['cancellation', { warningLevel: 'none', status: 'safe' }],
];

/** Fire danger ratings, highest first: the AFDRS levels (since 2022) merged with the older scale. */
const FIRE_DANGER_RATINGS: readonly string[] = [
  'catastrophic',
  'extreme',
  'severe',
  'very high',
  'high',
  'moderate',
  'low-moderate',
  'no rating',
];

/**
 * message_TFB.rss notices, by the heading of their body: a declaration is a ban in force (active);
 * a revocation lifts it (completed: the ban is over, which says nothing about safety).
 */
const TOTAL_FIRE_BAN_NOTICES = vocabularyTable<IncidentStatus>({
  active: ['total fire ban affecting'],
  completed: ['revocation of total fire ban'],
});

/** What unrecognised values fall back to (after being reported as unmapped). */
export { FALLBACK } from '../common/vocabulary.js';

export const eventTypeOf = lookupIn(EVENT_TYPES);

export const statusOf = lookupIn(STATUSES);

export interface WarningTypeReading extends WarningPhase {
  /** The warning type without its level phrase and punctuation: "Bushfire", "Flood", "After Storm". */
  hazard: string;
}

const PHRASE_PATTERNS = WARNING_PHRASES.map(
  ([phrase, phase]) => [new RegExp(`(^|[^a-z])${phrase}(?=$|[^a-z])`, 'i'), phase] as const,
);
const SEPARATORS = /^[\s:–-]+|[\s:–-]+$/gu;

/**
 * Reads the level out of a warning type or title head: "Bushfire Watch and Act",
 * "Storm - Take Action Now", "After Storm: Cancellation", "All Clear".
 */
export function warningTypeOf(type: string): WarningTypeReading | undefined {
  const words = type.trim().replace(/\s+/g, ' ');
  for (const [pattern, phase] of PHRASE_PATTERNS) {
    const match = pattern.exec(words);
    if (!match) continue;
    const start = match.index + (match[1]?.length ?? 0);
    const end = match.index + match[0].length;
    const hazard = `${words.slice(0, start)} ${words.slice(end)}`
      .replace(/\s+/g, ' ')
      .trim()
      .replace(SEPARATORS, '');
    return { ...phase, hazard };
  }
  return undefined;
}

/** A fire danger rating's rank (0 = Catastrophic, the highest), or undefined if unknown. */
export function fireDangerRankOf(rating: string): number | undefined {
  const rank = FIRE_DANGER_RATINGS.indexOf(key(rating));
  return rank < 0 ? undefined : rank;
}

/** The status a total fire ban notice heading stands for, or undefined if it is not one. */
export function totalFireBanNoticeOf(heading: string): IncidentStatus | undefined {
  return TOTAL_FIRE_BAN_NOTICES.get(key(heading).replace(/:$/, ''));
}
