import type { EventCategory, EventType, IncidentStatus } from '../model/index.js';

/**
 * Every parameter of event clustering and event identity, in one place. The reasons for the defaults
 * are in docs/adr/0011-event-clustering.md.
 */
export interface ClusteringConfig {
  /**
   * Neighbourhood radius (km) of each category: two incidents of that category closer than this are
   * neighbours. null: the category never forms events. Incidents only cluster within their category.
   */
  radiusKm: Readonly<Record<EventCategory, number | null>>;
  /** Event types left out even when their category clusters. */
  excludedEventTypes: readonly EventType[];
  /** Incident statuses that take part; the others have ended on the ground. */
  clusteredStatuses: readonly IncidentStatus[];
  /** Neighbours (counting the incident itself) an incident needs to be a core point: DBSCAN's minPts. */
  minPoints: number;
  /** An incident joins only while its last update is at most this old at `now`. */
  maxMemberAgeHours: number;
  /**
   * A member with a reported size reaches further by the radius of a circle of that area, up to this
   * many km (0 turns size reach off). Large fires are reported by one point far from their edges.
   */
  sizeReachMaxKm: number;
  /** A cluster keeps an event's id when it holds at least this share of the event's previous members. */
  matchShare: number;
  /** An event whose members vanished stays active this long, so a flicker keeps its id. */
  graceMinutes: number;
  /** How long an ended event stays in the state (and retrievable) before it is dropped. */
  retainInactiveHours: number;
}

export const DEFAULT_CLUSTERING_CONFIG: ClusteringConfig = {
  radiusKm: {
    // Fires within 15 km (plus their size reach) are fought as one complex.
    fire: 15,
    // Burns in one forest or reserve belong to one program; different districts do not.
    planned: 5,
    // Storm and flood jobs follow a storm cell or a river reach: tens of kilometres.
    weather: 30,
    // Trees down and other hazards follow storms, at the same scale.
    hazard: 30,
    // Aftershocks and felt reports spread over tens of kilometres.
    earth: 50,
    // Independent point incidents: nearness does not make them one event.
    rescue: null,
    medical: null,
    alarm: null,
    hazmat: null,
    other: null,
  },
  // House and car fires are unrelated point incidents in towns; a fire ban is a declaration, not an incident.
  excludedEventTypes: ['structure_fire', 'vehicle_fire', 'fire_ban'],
  clusteredStatuses: ['active', 'contained', 'controlled'],
  // A lone incident is served as an incident; an event is a group of at least two.
  minPoints: 2,
  // Agencies update live incidents at least daily; one untouched for two days is a lingering entry.
  maxMemberAgeHours: 48,
  sizeReachMaxKm: 25,
  matchShare: 0.5,
  graceMinutes: 60,
  retainInactiveHours: 7 * 24,
};

/** Overrides of the defaults; radii are merged category by category. */
export type ClusteringOverrides = Partial<Omit<ClusteringConfig, 'radiusKm'>> & {
  radiusKm?: Partial<Record<EventCategory, number | null>>;
};

/** The defaults with `overrides` applied; throws on a value that cannot work. */
export function clusteringConfig(overrides: ClusteringOverrides = {}): ClusteringConfig {
  const config: ClusteringConfig = {
    ...DEFAULT_CLUSTERING_CONFIG,
    ...overrides,
    radiusKm: { ...DEFAULT_CLUSTERING_CONFIG.radiusKm, ...overrides.radiusKm },
  };
  const problems = [
    ...Object.entries(config.radiusKm)
      .filter(([, radius]) => radius !== null && !(radius > 0))
      .map(([category]) => `radiusKm.${category} must be positive or null`),
    Number.isInteger(config.minPoints) && config.minPoints >= 1 ? '' : 'minPoints must be an integer ≥ 1',
    config.maxMemberAgeHours > 0 ? '' : 'maxMemberAgeHours must be positive',
    config.sizeReachMaxKm >= 0 ? '' : 'sizeReachMaxKm must not be negative',
    config.matchShare > 0 && config.matchShare <= 1 ? '' : 'matchShare must be in (0, 1]',
    config.graceMinutes >= 0 ? '' : 'graceMinutes must not be negative',
    config.retainInactiveHours >= 0 ? '' : 'retainInactiveHours must not be negative',
  ].filter((problem) => problem !== '');
  if (problems.length > 0) throw new RangeError(`Invalid clustering config: ${problems.join('; ')}`);
  return config;
}
