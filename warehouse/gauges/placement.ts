import { buildLgaIndex, loadLgaBoundaries, type LgaIndex } from '../../geo/index.js';
import { STATES, type GaugeStation, type StateCode } from '../../model/index.js';

/** Where a station lies: its LGA (ABS code and name) and the state that LGA belongs to. */
export interface GaugePlace {
  lga: string | null;
  lgaName: string | null;
  state: StateCode | null;
}

export type GaugePlacer = (station: Pick<GaugeStation, 'latitude' | 'longitude' | 'state'>) => GaugePlace;

/** A gauge on a bank or a tidal reach can sit just outside every LGA polygon: the nearest within this counts. */
const SHORE_KM = 2;

/**
 * Places stations with an LGA index. A point on a shared boundary (rivers often are boundaries) takes
 * the lowest code, so a station is always placed the same way. The station's own state wins; the LGA's
 * fills it in for sources that do not say (the national archive).
 */
export function lgaPlacer(index: LgaIndex): GaugePlacer {
  return (station) => {
    const { latitude, longitude } = station;
    if (latitude === null || longitude === null) return { lga: null, lgaName: null, state: station.state };
    const covering = index.lookup(longitude, latitude).lgas;
    const lga =
      [...covering].sort((a, b) => a.code.localeCompare(b.code))[0] ??
      index.nearest(longitude, latitude, SHORE_KM)?.lga;
    if (!lga) return { lga: null, lgaName: null, state: station.state };
    const jurisdiction = (STATES as readonly string[]).includes(lga.jurisdiction)
      ? (lga.jurisdiction as StateCode)
      : null;
    return { lga: lga.code, lgaName: lga.name, state: station.state ?? jurisdiction };
  };
}

/** Without boundaries: no LGA, the station's own state. */
export const unplaced: GaugePlacer = (station) => ({ lga: null, lgaName: null, state: station.state });

/** The placer for a boundaries file (GEOGRAPHY_LGA_BOUNDARIES), or `unplaced` when none is configured. */
export async function loadGaugePlacer(boundariesFile: string | undefined): Promise<GaugePlacer> {
  if (!boundariesFile) return unplaced;
  return lgaPlacer(buildLgaIndex(await loadLgaBoundaries(boundariesFile)));
}
