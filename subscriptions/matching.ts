import Flatbush from 'flatbush';
import {
  bboxOf,
  KM_PER_DEGREE,
  shapeBox,
  shapeMeetsPolygon,
  shapeWithin,
  type BBox,
  type Shape,
} from '../geo/shapes.js';
import type { ResolvedArea, Subscription } from './types.js';

/** One side of a change (after it, or before it) as matching sees it: the stream's facets fit. */
export interface MatchSide {
  states: readonly string[];
  lgas: readonly string[];
  shape: Shape | undefined;
}

/** A change as matching sees it. */
export interface MatchSubject {
  type: string;
  facets: readonly MatchSide[];
}

/** The bounding box of a circle or of polygons; undefined for a state (matched by name). */
export function areaBox(area: ResolvedArea): BBox | undefined {
  if (area.kind === 'state') return undefined;
  if (area.kind === 'polygons') return bboxOf(area.polygons.flatMap((polygon) => polygon[0] ?? []));
  const dLat = area.radiusKm / KM_PER_DEGREE;
  const dLon = area.radiusKm / (KM_PER_DEGREE * Math.max(Math.cos((area.latitude * Math.PI) / 180), 0.01));
  return [area.longitude - dLon, area.latitude - dLat, area.longitude + dLon, area.latitude + dLat];
}

/** Whether one side of a change lies in an area. */
export function sideInArea(side: MatchSide, area: ResolvedArea): boolean {
  switch (area.kind) {
    case 'state':
      return side.states.includes(area.state);
    case 'circle':
      return (
        side.shape !== undefined && shapeWithin(side.shape, area.longitude, area.latitude, area.radiusKm)
      );
    case 'polygons':
      return (
        (side.shape !== undefined &&
          area.polygons.some((polygon) => shapeMeetsPolygon(side.shape!, polygon))) ||
        side.lgas.some((lga) => area.lgaCodes.includes(lga))
      );
  }
}

/**
 * The active subscriptions of a moment, indexed so a change costs in proportion to the subscriptions
 * near it: spatial areas in a Flatbush over their bounding boxes, states and LGA codes in maps. A
 * change's candidates are those whose box holds its point (or meets its area), its states' and its
 * LGAs'; each is then tested exactly.
 */
export class SubscriptionIndex {
  private readonly tree: Flatbush | undefined;
  private readonly spatial: Subscription[] = [];
  private readonly byState = new Map<string, Subscription[]>();
  private readonly byLga = new Map<string, Subscription[]>();

  constructor(readonly subscriptions: readonly Subscription[]) {
    const boxes: BBox[] = [];
    for (const subscription of subscriptions) {
      const area = subscription.resolved;
      if (area.kind === 'state') push(this.byState, area.state, subscription);
      else {
        this.spatial.push(subscription);
        boxes.push(areaBox(area)!);
        if (area.kind === 'polygons') for (const code of area.lgaCodes) push(this.byLga, code, subscription);
      }
    }
    if (boxes.length > 0) {
      this.tree = new Flatbush(boxes.length);
      for (const box of boxes) this.tree.add(...box);
      this.tree.finish();
    }
  }

  get size(): number {
    return this.subscriptions.length;
  }

  /** The subscriptions a change matches: its type is theirs, and a side of it lies in their area. */
  match(subject: MatchSubject): Subscription[] {
    const candidates = new Map<string, Subscription>();
    for (const side of subject.facets) {
      if (side.shape && this.tree) {
        for (const at of this.tree.search(...shapeBox(side.shape))) {
          const subscription = this.spatial[at]!;
          candidates.set(subscription.id, subscription);
        }
      }
      for (const state of side.states)
        for (const subscription of this.byState.get(state) ?? [])
          candidates.set(subscription.id, subscription);
      for (const lga of side.lgas)
        for (const subscription of this.byLga.get(lga) ?? []) candidates.set(subscription.id, subscription);
    }
    return [...candidates.values()].filter(
      (subscription) =>
        (subscription.types.length === 0 || subscription.types.includes(subject.type)) &&
        subject.facets.some((side) => sideInArea(side, subscription.resolved)),
    );
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
