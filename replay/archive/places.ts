import { STATES, type ApproximateLocator, type StateCode } from '../../model/index.js';
import { pick, type Random } from '../random.js';

/**
 * Made-up places for generated archive rows: names built from syllables, points inside a rough box of
 * each state, postcodes in each state's range. Every generated LGA name comes from `generatedLgaNames`,
 * so a test locator can know them all.
 */
export const STATE_BOXES: Readonly<Record<StateCode, { lat: [number, number]; lng: [number, number] }>> = {
  nsw: { lat: [-37.0, -28.7], lng: [141.5, 153.5] },
  vic: { lat: [-38.9, -34.2], lng: [141.0, 149.8] },
  qld: { lat: [-28.8, -10.8], lng: [138.2, 153.4] },
  sa: { lat: [-37.9, -26.1], lng: [129.1, 140.9] },
  wa: { lat: [-34.9, -14.0], lng: [113.2, 128.9] },
  tas: { lat: [-43.5, -40.7], lng: [144.7, 148.3] },
  nt: { lat: [-25.9, -11.2], lng: [129.1, 137.9] },
  act: { lat: [-35.9, -35.15], lng: [148.8, 149.4] },
};

/** First and last postcode of each state's main range. */
export const STATE_POSTCODES: Readonly<Record<StateCode, [number, number]>> = {
  nsw: [2000, 2599],
  act: [2600, 2618],
  vic: [3000, 3999],
  qld: [4000, 4999],
  sa: [5000, 5799],
  wa: [6000, 6797],
  tas: [7000, 7799],
  nt: [800, 899],
};

const SYLLABLES = [
  'war',
  'ra',
  'gum',
  'bel',
  'mo',
  'na',
  'kin',
  'dal',
  'coo',
  'ma',
  'yan',
  'ter',
  'bri',
  'lo',
];
const SUFFIXES = ['Creek', 'Flat', 'Heights', 'Plains', 'Vale', 'Point', 'Ridge', 'Downs'];
const STREETS = ['Main', 'High', 'River', 'Station', 'Church', 'Bridge', 'Ocean', 'Ridge'];
const LGAS_PER_STATE = 40;

const capitalise = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/** A made-up place name: two or three syllables, sometimes with a suffix. */
export function placeName(random: Random): string {
  const count = 2 + Math.floor(random() * 2);
  const word = capitalise(Array.from({ length: count }, () => pick(random, SYLLABLES)).join(''));
  return random() < 0.4 ? `${word} ${pick(random, SUFFIXES)}` : word;
}

export function streetAddress(random: Random): string {
  return `${1 + Math.floor(random() * 400)} ${pick(random, STREETS)} Road`;
}

/** The LGA names generated rows may carry in a state (`Nsw Council 7`: a fixed list per state). */
export function generatedLgaNames(state: StateCode): string[] {
  return Array.from({ length: LGAS_PER_STATE }, (_, index) => `${capitalise(state)} Council ${index + 1}`);
}

export function lgaName(random: Random, state: StateCode): string {
  return `${capitalise(state)} Council ${1 + Math.floor(random() * LGAS_PER_STATE)}`;
}

export function postcode(random: Random, state: StateCode): string {
  const [first, last] = STATE_POSTCODES[state];
  return String(first + Math.floor(random() * (last - first + 1))).padStart(4, '0');
}

/** A point inside the state's box, to six decimals (about 0.1 m). */
export function pointIn(random: Random, state: StateCode): { latitude: number; longitude: number } {
  const { lat, lng } = STATE_BOXES[state];
  const round = (value: number): number => Math.round(value * 1e6) / 1e6;
  return {
    latitude: round(lat[0] + random() * (lat[1] - lat[0])),
    longitude: round(lng[0] + random() * (lng[1] - lng[0])),
  };
}

/**
 * A locator that knows every postcode and LGA name the generator uses, each at a made-up centroid in
 * its state's box: for demos and benchmarks of archive loads on generated files.
 */
export function generatedPlacesLocator(): ApproximateLocator {
  const centroid = (state: StateCode, key: number): { latitude: number; longitude: number } => {
    const { lat, lng } = STATE_BOXES[state];
    const fraction = (key * 0.618034) % 1;
    return {
      latitude: Math.round((lat[0] + fraction * (lat[1] - lat[0])) * 1e6) / 1e6,
      longitude: Math.round((lng[0] + (1 - fraction) * (lng[1] - lng[0])) * 1e6) / 1e6,
    };
  };
  const lgaIndexes = new Map(
    STATES.map((state) => [state, new Map(generatedLgaNames(state).map((name, index) => [name, index]))]),
  );
  return {
    byPostcode: (code, state) => {
      const [first, last] = STATE_POSTCODES[state];
      const value = Number(code);
      if (value < first || value > last) return undefined;
      return {
        ...centroid(state, value),
        lga: `${capitalise(state)} Council ${1 + (value % LGAS_PER_STATE)}`,
      };
    },
    byLgaName: (name, state) => {
      const index = lgaIndexes.get(state)?.get(name);
      return index === undefined ? undefined : { ...centroid(state, index + 1), lga: name };
    },
    byPoint: () => undefined,
  };
}
