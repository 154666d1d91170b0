import { lookupIn, warningLevelTable } from '../common/vocabulary.js';

/**
 * SA CFS public warnings (GeoHub "CFS_Warning_Points_Public"): warning level names (FEEDS.md 1.1 and
 * the levels the CFS incidents page explains: Advice, Watch and Act, Emergency Warning, plus the
 * "Advice - Reduced Threat" and "Incident Update" messages). Keys are lower case. A lookup that finds
 * nothing returns undefined so the parser can report the raw value.
 */
const WARNING_LEVELS = warningLevelTable({
  emergency_warning: ['bushfire emergency warning', 'emergency'],
  watch_and_act: ['bushfire watch and act'],
  advice: ['bushfire advice', 'advice - reduced threat'],
  none: ['incident update', 'not applicable'],
});

export const warningLevelOf = lookupIn(WARNING_LEVELS);
