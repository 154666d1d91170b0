import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type { GeometryObject, Topology } from 'topojson-specification';
import { townsToName } from './basemap-towns.js';

type Position = [number, number];
type Polygon = Position[][];

export interface LandFeature {
  type: 'Feature';
  properties: { kind: 'land' };
  geometry: { type: 'MultiPolygon'; coordinates: Polygon[] };
}

export interface TownFeature {
  type: 'Feature';
  properties: { kind: 'town'; name: string; minzoom: number; capital: boolean };
  geometry: { type: 'Point'; coordinates: Position };
}

/** Where a layer of the basemap comes from and under what terms, for the map's credits. */
export interface Credit {
  what: string;
  name: string;
  url: string;
  licence: string;
  licenceUrl?: string;
}

/** What the map draws under the outlines: land (its edge is the coast) and the towns to name. */
export interface Basemap {
  type: 'FeatureCollection';
  credits: Credit[];
  features: (LandFeature | TownFeature)[];
}

export const BASEMAP_CREDITS: Credit[] = [
  {
    what: 'Coast',
    name: 'Natural Earth',
    url: 'https://www.naturalearthdata.com/',
    licence: 'public domain',
  },
  {
    what: 'Towns',
    name: 'GeoNames',
    url: 'https://www.geonames.org/',
    licence: 'CC BY 4.0, a selection',
    licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
  },
];

/** West, south, east, north: Australia with its islands and the coasts a person sees around it. */
const REGION = [95, -56, 170, -5] as const;
/** Where Australia's own coast is, kept in more detail than its neighbours'. */
const AUSTRALIA = [112, -44, 154, -10] as const;
/**
 * Douglas–Peucker tolerances in degrees: 0.004° (about 400 m, under 3 pixels at zoom 9) keeps the
 * coast Natural Earth's 1:10m data draws and halves its points; neighbours are drawn coarser.
 */
const TOLERANCE = 0.004;
const NEIGHBOUR_TOLERANCE = 0.01;
/** Islands smaller than this (degrees across, about 3 km) are left out: they are not seen until close. */
const SMALLEST_ISLAND = 0.03;
/** 0.001° (about 100 m) is finer than the simplified coast. */
const round = (value: number) => Math.round(value * 1000) / 1000;

type Box = readonly [number, number, number, number];
const touches = (ring: Position[], [west, south, east, north]: Box) =>
  ring.some(([x, y]) => x >= west && x <= east && y >= south && y <= north);

function span(ring: Position[]): number {
  const xs = ring.map(([x]) => x);
  const ys = ring.map(([, y]) => y);
  return Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
}

/** Douglas–Peucker on one closed ring: its first and last points (the same point) always stay. */
export function simplifyRing(ring: Position[], tolerance: number): Position[] {
  const keep = new Uint8Array(ring.length);
  keep[0] = keep[ring.length - 1] = 1;
  const stack: [number, number][] = [[0, ring.length - 1]];
  for (let range = stack.pop(); range; range = stack.pop()) {
    const [first, last] = range;
    const [ax, ay] = ring[first]!;
    const [bx, by] = ring[last]!;
    const dx = bx - ax;
    const dy = by - ay;
    const length = dx * dx + dy * dy;
    let farthest = -1;
    let most = tolerance * tolerance;
    for (let i = first + 1; i < last; i++) {
      const [x, y] = ring[i]!;
      const t = length === 0 ? 0 : Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / length));
      const distance = (ax + t * dx - x) ** 2 + (ay + t * dy - y) ** 2;
      if (distance > most) [farthest, most] = [i, distance];
    }
    if (farthest < 0) continue;
    keep[farthest] = 1;
    stack.push([first, farthest], [farthest, last]);
  }
  return ring.filter((_, i) => keep[i] === 1).map(([x, y]): Position => [round(x), round(y)]);
}

let land: Polygon[] | undefined;

/** The land of the region from world-atlas' Natural Earth 1:10m land, simplified; read once a process. */
export function landPolygons(): Polygon[] {
  if (land) return land;
  const file = createRequire(import.meta.url).resolve('world-atlas/land-10m.json');
  const topology = JSON.parse(readFileSync(file, 'utf8')) as Topology;
  const world = feature(topology, topology.objects.land as GeometryObject);
  const polygons = ('features' in world ? world.features : [world]).flatMap(({ geometry }) =>
    geometry.type === 'Polygon'
      ? [geometry.coordinates as Polygon]
      : geometry.type === 'MultiPolygon'
        ? (geometry.coordinates as Polygon[])
        : [],
  );
  land = polygons
    .filter(([outer]) => outer && touches(outer, REGION) && span(outer) >= SMALLEST_ISLAND)
    .flatMap(([outer, ...holes]) => {
      const tolerance = touches(outer!, AUSTRALIA) ? TOLERANCE : NEIGHBOUR_TOLERANCE;
      const [shell, ...lakes] = [outer!, ...holes].map((ring) => simplifyRing(ring, tolerance));
      // A ring of fewer than four points (three corners and the first again) encloses nothing.
      if (shell!.length < 4) return [];
      return [[shell!, ...lakes.filter((ring) => ring.length >= 4)]];
    });
  return land;
}

let built: Basemap | undefined;

/**
 * The basemap, computed once a process from two packages it depends on (about a second: the world's
 * land and places are read whole), so the service needs no tile server or other host.
 */
export function basemap(): Basemap {
  built ??= {
    type: 'FeatureCollection',
    credits: BASEMAP_CREDITS,
    features: [
      {
        type: 'Feature',
        properties: { kind: 'land' },
        geometry: { type: 'MultiPolygon', coordinates: landPolygons() },
      },
      ...townsToName().map((town): TownFeature => ({
        type: 'Feature',
        properties: { kind: 'town', name: town.name, minzoom: town.minzoom, capital: town.capital },
        geometry: { type: 'Point', coordinates: town.coordinates },
      })),
    ],
  };
  return built;
}
