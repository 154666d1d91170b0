import type { SyntheticIncident } from './nsw-rfs.js';
import { tickTime, type RenderOptions } from './types.js';

/**
 * Made-up fire complexes for the NSW majorIncidents feed that change shape over the ticks, so the
 * demo's clustered events (docs/adr/0011-event-clustering.md) grow, split and merge. Each cycle of
 * CYCLE_TICKS plays two stories, then its fires are gone and the next cycle plays them again with new
 * incident numbers, a little further south:
 *
 * - **grows, then splits**: two spot fires start a complex, three more join it (ticks 2–6); from tick 9
 *   two of them run east until, at tick 11, they are more than the fire radius from the rest: the
 *   western three keep the event's id, the eastern two become a new event;
 * - **merges**: two pairs of fires 40 km apart are two events; from tick 3 the eastern pair runs west
 *   and at tick 8 it is within reach of the other: one event, the one detected first keeping its id.
 */
export const CYCLE_TICKS = 18;

/** Incident numbers of the complexes, clear of the generator's pool (900 000 upwards). */
const ID_BASE = 5_000_000;
const KM_PER_DEGREE = 111.2;

interface Spot {
  /** Within its cycle: 0–99. */
  n: number;
  story: 'split' | 'merge';
  /** The tick (within the cycle) it appears at. */
  from: number;
  /** Kilometres east and north of its story's centre at a tick. */
  at(tick: number): [east: number, north: number];
  alertLevel: (tick: number) => string;
}

const still = (east: number, north: number) => (): [number, number] => [east, north];
/** Moves `kmPerTick` east (negative: west) from tick `from` to tick `until`. */
const running =
  (east: number, north: number, kmPerTick: number, from: number, until: number) =>
  (tick: number): [number, number] => [east + kmPerTick * Math.max(0, Math.min(tick, until) - from), north];
const advice = () => 'Advice';
const risingTo = (level: string, from: number) => (tick: number) => (tick >= from ? level : 'Advice');

const SPOTS: readonly Spot[] = [
  { n: 0, story: 'split', from: 0, at: still(0, 0), alertLevel: advice },
  { n: 1, story: 'split', from: 0, at: running(4, 0, 5, 8, 13), alertLevel: risingTo('Watch and Act', 9) },
  { n: 2, story: 'split', from: 2, at: still(0, 4), alertLevel: advice },
  {
    n: 3,
    story: 'split',
    from: 4,
    at: running(4, 4, 5, 8, 13),
    alertLevel: risingTo('Emergency Warning', 11),
  },
  { n: 4, story: 'split', from: 6, at: still(-3, 2), alertLevel: advice },
  { n: 10, story: 'merge', from: 0, at: still(0, 0), alertLevel: advice },
  { n: 11, story: 'merge', from: 0, at: still(3, 1), alertLevel: advice },
  { n: 12, story: 'merge', from: 1, at: running(42, 0, -4, 2, 10), alertLevel: risingTo('Watch and Act', 8) },
  { n: 13, story: 'merge', from: 1, at: running(45, -1, -4, 2, 10), alertLevel: advice },
];

/** Centres of the stories: inland NSW, each cycle 0.4° further south than the last (five places, then again). */
function centreOf(story: Spot['story'], cycle: number): [lng: number, lat: number] {
  const south = (cycle % 5) * 0.4;
  return story === 'split' ? [147.2, -31.2 - south] : [148.4, -31.4 - south];
}

/** The complexes' fires at `options.tick`, in the generator's shape. */
export function fireComplexes(
  options: Pick<RenderOptions, 'tick' | 'startedAt' | 'tickMs'>,
): SyntheticIncident[] {
  const cycle = Math.floor(options.tick / CYCLE_TICKS);
  const tick = options.tick % CYCLE_TICKS;
  return SPOTS.filter((spot) => spot.from <= tick).map((spot) => {
    const [lng0, lat0] = centreOf(spot.story, cycle);
    const [east, north] = spot.at(tick);
    const lat = lat0 + north / KM_PER_DEGREE;
    const lng = lng0 + east / (KM_PER_DEGREE * Math.cos((lat0 * Math.PI) / 180));
    const id = ID_BASE + cycle * 100 + spot.n;
    const place = `${spot.story === 'split' ? 'Wirra' : 'Bundi'}${String.fromCharCode(65 + (spot.n % 10))}`;
    return {
      id,
      title: `${place} Fire`,
      alertLevel: spot.alertLevel(tick),
      status: 'Out of control',
      type: 'Bush Fire',
      location: `${10 + spot.n} Ridge Rd, ${place}, NSW 2850`,
      councilArea: spot.story === 'split' ? 'Wirra Shire' : 'Bundi Valley',
      lng: Math.round(lng * 1e5) / 1e5,
      lat: Math.round(lat * 1e5) / 1e5,
      // Fires grow while they burn.
      sizeHa: 50 + 40 * (tick - spot.from),
      updated: tickTime(options, cycle * CYCLE_TICKS + tick),
    };
  });
}
