import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { boundarySetFromFeatures } from './abs-features.js';
import type { BoundaryReadOptions, FeatureLike, LgaBoundarySet } from './lga-boundary.js';

export interface TopoJsonReadOptions extends BoundaryReadOptions {
  /** Object holding the LGAs; defaults to the topology's only (or first) object. */
  objectName?: string;
}

/** An ABS LGA TopoJSON topology (text or parsed) → boundary set. Arcs are decoded by topojson-client. */
export function readLgaTopoJson(input: string | object, options: TopoJsonReadOptions = {}): LgaBoundarySet {
  const topology = (typeof input === 'string' ? JSON.parse(input) : input) as Topology;
  if (topology.type !== 'Topology') throw new Error('Expected a TopoJSON Topology');
  const name = options.objectName ?? Object.keys(topology.objects)[0];
  const object = name === undefined ? undefined : topology.objects[name];
  if (!object || object.type !== 'GeometryCollection') {
    throw new Error(`TopoJSON object ${name ?? '(none)'} is not a GeometryCollection`);
  }
  const collection = feature(topology, object as GeometryCollection);
  return boundarySetFromFeatures(collection.features as FeatureLike[], options);
}
