import type { LgaBoundarySet } from '../../geo/index.js';

type Position = [number, number];

/** What the map draws over the basemap: state borders, and LGA outlines when a boundaries file is read. */
export interface Outlines {
  type: 'FeatureCollection';
  /** Where the lines come from, shown on the map. */
  source: string;
  features: {
    type: 'Feature';
    properties: { kind: 'state' | 'lga' };
    geometry: { type: 'MultiLineString'; coordinates: Position[][] };
  }[];
}

/** About 10 m: plenty for outlines drawn under incidents, and it keeps the file small. */
const round = (value: number) => Math.round(value * 10_000) / 10_000;
const pointKey = ([lng, lat]: Position) => `${lng},${lat}`;

/** Joins segments that share ends into lines, so the file carries each point about once. */
function chain(segments: [Position, Position][]): Position[][] {
  const byEnd = new Map<string, number[]>();
  segments.forEach(([a, b], i) => {
    for (const end of [pointKey(a), pointKey(b)]) byEnd.set(end, [...(byEnd.get(end) ?? []), i]);
  });
  const used = new Set<number>();
  const lines: Position[][] = [];
  const extend = (line: Position[]) => {
    for (;;) {
      const tail = line[line.length - 1]!;
      const next = byEnd.get(pointKey(tail))?.find((i) => !used.has(i));
      if (next === undefined) return;
      used.add(next);
      const [a, b] = segments[next]!;
      line.push(pointKey(a) === pointKey(tail) ? b : a);
    }
  };
  segments.forEach(([a, b], i) => {
    if (used.has(i)) return;
    used.add(i);
    const line: Position[] = [a, b];
    extend(line);
    line.reverse();
    extend(line);
    lines.push(line);
  });
  return lines;
}

/**
 * State borders derived from LGA boundaries: an edge LGAs of two states share is a border. An edge of
 * one LGA alone is the coast, which the basemap draws (its edge stays among the LGA outlines). This
 * relies on shared edges having the same points on both sides, as topology-preserving simplification
 * keeps them.
 */
export function boundaryOutlines(set: LgaBoundarySet, source: string): Outlines {
  const edges = new Map<string, { segment: [Position, Position]; states: string[] }>();
  for (const lga of set.lgas) {
    const polygons = lga.geometry.type === 'Polygon' ? [lga.geometry.coordinates] : lga.geometry.coordinates;
    for (const ring of polygons.flat()) {
      for (let i = 1; i < ring.length; i++) {
        const a: Position = [round(ring[i - 1]![0]), round(ring[i - 1]![1])];
        const b: Position = [round(ring[i]![0]), round(ring[i]![1])];
        if (pointKey(a) === pointKey(b)) continue;
        const key = [pointKey(a), pointKey(b)].sort().join('|');
        const edge = edges.get(key) ?? { segment: [a, b], states: [] };
        edge.states.push(lga.jurisdiction);
        edges.set(key, edge);
      }
    }
  }
  const all = [...edges.values()];
  const outline = all.filter(({ states }) => new Set(states).size > 1);
  return {
    type: 'FeatureCollection',
    source,
    features: [
      {
        type: 'Feature',
        properties: { kind: 'state' },
        geometry: { type: 'MultiLineString', coordinates: chain(outline.map((edge) => edge.segment)) },
      },
      {
        type: 'Feature',
        properties: { kind: 'lga' },
        geometry: { type: 'MultiLineString', coordinates: chain(all.map((edge) => edge.segment)) },
      },
    ],
  };
}
