import type { IncidentStatus } from '../../model/index.js';

/**
 * NSW RFS hazard-reduction list (Funnelback hr-map-data) vocabularies.
 *
 * The list has no status: it is derived from the burn's dates against the list's own as-at day
 * (`collectionUpdated`, Sydney). A burn still listed is `active` until its end date has passed, also
 * before it starts (it is an announced, current planned burn; the `planned` category and
 * details.burn_phase tell that it may not be alight, and contained/controlled describe a fire's
 * containment, which an unlit burn has none of). After its end date it is `completed`.
 */

export type BurnPhase = 'scheduled' | 'in_window' | 'ended' | 'unknown';

export const STATUS_BY_PHASE: Readonly<Record<BurnPhase, IncidentStatus>> = {
  scheduled: 'active',
  in_window: 'active',
  ended: 'completed',
  // No readable as-at day or dates: listed, so active (FEEDS.md 1.3, empty → active).
  unknown: 'active',
};

/**
 * Lead agencies as the list truncates them to 24 characters ("National Parks and Wildl",
 * "Fire + Rescue NSW (FRNSW"), completed to the name the list would have written. A name that is
 * not a prefix of one of these is kept as it is (agencies are free text, not an enumeration).
 */
const AGENCY_NAMES = [
  'NSW Rural Fire Service',
  'National Parks and Wildlife Service',
  'Fire + Rescue NSW (FRNSW)',
  'Forestry Corporation NSW',
  'Crown Lands',
  'Local Government',
  'Private',
] as const;

/** The list cuts names at this length; only a name this long can be a truncation. */
const TRUNCATED_LENGTH = 24;

export function leadAgencyName(raw: string): string {
  const name = raw.trim();
  if (name.length !== TRUNCATED_LENGTH) return name;
  return AGENCY_NAMES.find((full) => full.length > name.length && full.startsWith(name)) ?? name;
}
