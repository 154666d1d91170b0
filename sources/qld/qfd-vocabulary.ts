import type { EventType, IncidentStatus, WarningLevel } from '../../model/index.js';
import { lookupIn, vocabularyKey as key, vocabularyTable, warningLevelTable } from '../common/vocabulary.js';

/**
 * Queensland Fire Department (QFES until 2024) bushfire alert vocabularies, shared by the GeoJSON,
 * Atom and KML variants of bushfireAlert (FEEDS.md section 4 "Mapping notes", 1.1–1.3).
 * Keys are lower case with white space folded. A lookup that finds nothing returns undefined so the
 * parser can report the raw value.
 */

/** `WarningLevel` (JSON), `<category term>` / `Alert Level:` (Atom), `CurrentWarning` (KML). */
const WARNING_LEVELS = warningLevelTable({
  emergency_warning: ['emergency', 'bushfire emergency warning'],
  advice: ['bushfire advice'],
  none: [
    'information',
    'notification',
    // An absent level means no warning (FEEDS.md 1.1).
    '',
  ],
});
/** "Preparation …" levels (JSON) are not AWS warnings. */
const WARNING_LEVEL_PREFIXES: ReadonlyArray<readonly [string, WarningLevel]> = [['preparation', 'none']];

/** `CurrentStatus` (JSON, KML) / `Current Status:` (Atom). */
const STATUSES = vocabularyTable<IncidentStatus>({
  // No status at all (warnings often have none): the incident is listed, so going (FEEDS.md 1.3).
  active: ['going', ''],
  contained: ['contained'],
  controlled: ['patrolled'],
});

/** `GroupedType` (JSON). */
const GROUPED_TYPES = vocabularyTable<EventType>({
  bushfire: ['fire vegetation'],
  burn_off: ['fire permitted burn'],
  structure_fire: ['fire structure'],
});

/** `IncidentType` (KML). */
const INCIDENT_TYPES = vocabularyTable<EventType>({
  bushfire: ['vegetation fire'],
  burn_off: ['permitted burn (attendance)', 'permitted burn'],
});

/**
 * Words in `CallToAction`, `WarningTitle` or a headline that name the event, in order of precedence:
 * "AVOID SMOKE (HAZARD REDUCTION BURN)" is a burn whatever else the text says.
 */
const EVENT_KEYWORDS: ReadonlyArray<readonly [RegExp, EventType]> = [
  [/\b(?:hazard reduction|permitted|planned|prescribed) burn/i, 'burn_off'],
  [/\bgrass ?fires?\b/i, 'grass_fire'],
  [/\bstructure fires?\b/i, 'structure_fire'],
  [/\b(?:bush ?fires?|vegetation fires?)\b/i, 'bushfire'],
];

/** What unrecognised values fall back to (after being reported as unmapped). */
export { FALLBACK } from '../common/vocabulary.js';

export function warningLevelOf(level: string): WarningLevel | undefined {
  const normalised = key(level);
  return (
    WARNING_LEVELS.get(normalised) ??
    WARNING_LEVEL_PREFIXES.find(([prefix]) => normalised.startsWith(prefix))?.[1]
  );
}

export const statusOf = lookupIn(STATUSES);

export const groupedTypeOf = lookupIn(GROUPED_TYPES);

export const incidentTypeOf = lookupIn(INCIDENT_TYPES);

/** The event a free text names (call to action, title, headline), or undefined. */
export function eventTypeInText(text: string): EventType | undefined {
  return EVENT_KEYWORDS.find(([pattern]) => pattern.test(text))?.[1];
}

/** Higher AWS levels first: a linked warning raises its incident to its own level, never lowers it. */
const LEVEL_RANK: Readonly<Record<WarningLevel, number>> = {
  none: 0,
  advice: 1,
  watch_and_act: 2,
  emergency_warning: 3,
};

export function higherWarningLevel(a: WarningLevel, b: WarningLevel): WarningLevel {
  return LEVEL_RANK[b] > LEVEL_RANK[a] ? b : a;
}
