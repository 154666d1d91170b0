import type { WarningLevel } from '../../model/index.js';
import { lookupIn } from '../common/vocabulary.js';

/**
 * SA CFS public warnings (GeoHub "CFS_Warning_Points_Public"): warning level names (FEEDS.md 1.1 and
 * the levels the CFS incidents page explains: Advice, Watch and Act, Emergency Warning, plus the
 * "Advice - Reduced Threat" and "Incident Update" messages). Keys are lower case. A lookup that finds
 * nothing returns undefined so the parser can report the raw value.
 */
const WARNING_LEVELS: ReadonlyMap<string, WarningLevel> = new Map([
  ['emergency warning', 'emergency_warning'],
  ['bushfire emergency warning', 'emergency_warning'],
  ['emergency', 'emergency_warning'],
  ['watch and act', 'watch_and_act'],
  ['watch & act', 'watch_and_act'],
  ['bushfire watch and act', 'watch_and_act'],
  ['advice', 'advice'],
  ['bushfire advice', 'advice'],
  ['advice - reduced threat', 'advice'],
  ['incident update', 'none'],
  ['not applicable', 'none'],
]);

export const warningLevelOf = lookupIn(WARNING_LEVELS);
