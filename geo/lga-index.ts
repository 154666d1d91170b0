import Flatbush from 'flatbush';
import pointInPolygon from 'point-in-polygon-hao';
import type { LgaRef, Position } from '../model/index.js';
import type { LgaBoundary, LgaBoundarySet } from './boundaries/lga-boundary.js';
import { buildPartGrid, type PartGrid } from './part-grid.js';
import { bboxOf, closedRing, KM_PER_DEGREE, kilometresToRing } from './shapes.js';

/** The LGAs covering a point. */
export interface LgaLookup {
  /** Every LGA whose area contains the point or whose boundary it lies on, by code. */
  lgas: LgaRef[];
  /** True when the point lies exactly on a boundary line of a returned LGA (a vertex or an edge). */
  onBoundary: boolean;
}

/** One polygon of an LGA (outer ring then holes), the unit the spatial index holds. */
interface PolygonPart {
  lga: number;
  rings: Position[][];
  /** Present on parts with enough vertices to be worth it. */
  grid?: PartGrid;
}

export interface LgaIndexOptions {
  /**
   * Pre-classify a cell grid over every part of at least this many vertices (see `part-grid.ts`);
   * `Infinity` turns it off. Answers are the same either way; only speed and memory change.
   */
  gridFromVertices?: number;
}

const DEFAULT_GRID_FROM_VERTICES = 256;
/** About four vertices per cell, at most 128 × 128 cells. */
const gridSize = (vertices: number) => Math.min(128, Math.max(4, Math.ceil(Math.sqrt(vertices / 4))));

/** Point-in-LGA lookups over one boundary version, built once. */
export interface LgaIndex {
  edition: string | null;
  /** Every LGA of the version by code. */
  lgas: ReadonlyMap<string, LgaRef>;
  partCount: number;
  vertexCount: number;
  lookup(longitude: number, latitude: number): LgaLookup;
  /**
   * The LGA whose boundary is nearest a point outside every LGA, within `maxKm`: for table points that
   * a coastline leaves in the water. Never used to answer a point lookup.
   */
  nearest(
    longitude: number,
    latitude: number,
    maxKm: number,
  ): { lga: LgaRef; distanceKm: number } | undefined;
  /** Outer rings of an LGA's polygons, largest bounding box first (for approximate centroids). */
  outerRings(code: string): Position[][];
}

function polygonsOf(boundary: LgaBoundary): Position[][][] {
  return boundary.geometry.type === 'Polygon'
    ? [boundary.geometry.coordinates]
    : boundary.geometry.coordinates;
}

const bboxArea = ([minX, minY, maxX, maxY]: [number, number, number, number]) =>
  (maxX - minX) * (maxY - minY);

/**
 * Flatbush over the bounding box of every polygon part, then point-in-polygon-hao on the candidates:
 * holes come with their polygon, islands are parts of their own, and a point on an edge or vertex
 * (the library's `0`) covers every LGA it touches. Large parts carry a pre-classified cell grid, so
 * most points skip the ring walk; points near an edge always get the exact test.
 */
export function buildLgaIndex(set: LgaBoundarySet, options: LgaIndexOptions = {}): LgaIndex {
  const refs: LgaRef[] = set.lgas.map(({ code, name, jurisdiction }) => ({ code, name, jurisdiction }));
  const collected = collectParts(set, options.gridFromVertices ?? DEFAULT_GRID_FROM_VERTICES);
  const indexed: IndexedParts = { refs, ...collected, tree: boxTree(collected.boxes) };
  return {
    edition: set.edition,
    lgas: new Map(refs.map((ref) => [ref.code, ref])),
    partCount: indexed.parts.length,
    vertexCount: collected.vertexCount,
    lookup: (longitude, latitude) => lookupIn(indexed, longitude, latitude),
    nearest: (longitude, latitude, maxKm) => nearestIn(indexed, longitude, latitude, maxKm),
    outerRings: (code) => outerRingsOf(indexed, code),
  };
}

/** Every polygon part of the version, with its bounding box (same position) and the parts of each code. */
interface CollectedParts {
  parts: PolygonPart[];
  boxes: [number, number, number, number][];
  partsByCode: Map<string, number[]>;
  vertexCount: number;
}

interface IndexedParts extends CollectedParts {
  refs: LgaRef[];
  tree: Flatbush;
}

/** Each LGA's polygons as parts (degenerate rings dropped), gridded when they have `gridFrom` vertices. */
function collectParts(set: LgaBoundarySet, gridFrom: number): CollectedParts {
  const collected: CollectedParts = { parts: [], boxes: [], partsByCode: new Map(), vertexCount: 0 };
  const { parts, boxes, partsByCode } = collected;
  set.lgas.forEach((boundary, lga) => {
    for (const polygon of polygonsOf(boundary)) {
      const rings = polygon.filter((ring) => ring.length >= 3).map(closedRing);
      const outer = rings[0];
      if (!outer) continue;
      const vertices = rings.reduce((sum, ring) => sum + ring.length, 0);
      collected.vertexCount += vertices;
      const box = bboxOf(outer);
      const grid = vertices >= gridFrom ? buildPartGrid(rings, box, gridSize(vertices)) : undefined;
      const at = parts.push({ lga, rings, ...(grid && { grid }) }) - 1;
      boxes.push(box);
      partsByCode.set(boundary.code, [...(partsByCode.get(boundary.code) ?? []), at]);
    }
  });
  return collected;
}

function boxTree(boxes: readonly [number, number, number, number][]): Flatbush {
  const tree = new Flatbush(Math.max(boxes.length, 1));
  for (const box of boxes) tree.add(...box);
  // Flatbush needs as many items as it was sized for.
  if (boxes.length === 0) tree.add(0, 0, 0, 0);
  tree.finish();
  return tree;
}

function lookupIn({ parts, refs, tree }: IndexedParts, longitude: number, latitude: number): LgaLookup {
  if (!Number.isFinite(longitude) || !Number.isFinite(latitude) || parts.length === 0) {
    return { lgas: [], onBoundary: false };
  }
  const inside = new Set<number>();
  const touching = new Set<number>();
  const point = [longitude, latitude];
  for (const id of tree.search(longitude, latitude, longitude, latitude)) {
    const part = parts[id];
    if (!part || inside.has(part.lga)) continue;
    const cell = part.grid?.classify(longitude, latitude) ?? 'edge';
    const where = cell === 'edge' ? pointInPolygon(point, part.rings) : cell === 'inside';
    if (where === true) inside.add(part.lga);
    else if (where === 0) touching.add(part.lga);
  }
  for (const lga of inside) touching.delete(lga);
  const covering = [...inside, ...touching]
    .map((lga) => refs[lga])
    .filter((ref): ref is LgaRef => ref !== undefined)
    .sort((a, b) => a.code.localeCompare(b.code));
  return { lgas: covering, onBoundary: touching.size > 0 };
}

function nearestIn(
  { parts, refs, tree }: IndexedParts,
  longitude: number,
  latitude: number,
  maxKm: number,
): { lga: LgaRef; distanceKm: number } | undefined {
  if (!Number.isFinite(longitude) || !Number.isFinite(latitude) || parts.length === 0) return undefined;
  // Bounding-box distance in degrees never exceeds the true one scaled by the shorter degree.
  const degrees = maxKm / (KM_PER_DEGREE * Math.cos((latitude * Math.PI) / 180));
  let best: { lga: LgaRef; distanceKm: number } | undefined;
  for (const id of tree.neighbors(longitude, latitude, 16, degrees)) {
    const part = parts[id];
    const ref = part && refs[part.lga];
    if (!part || !ref) continue;
    const distanceKm = Math.min(...part.rings.map((ring) => kilometresToRing(longitude, latitude, ring)));
    if (distanceKm <= maxKm && (!best || distanceKm < best.distanceKm)) best = { lga: ref, distanceKm };
  }
  return best;
}

function outerRingsOf({ parts, boxes, partsByCode }: IndexedParts, code: string): Position[][] {
  return [...(partsByCode.get(code) ?? [])]
    .sort((a, b) => bboxArea(boxes[b] ?? [0, 0, 0, 0]) - bboxArea(boxes[a] ?? [0, 0, 0, 0]))
    .map((id) => parts[id]?.rings[0])
    .filter((ring): ring is Position[] => ring !== undefined);
}
