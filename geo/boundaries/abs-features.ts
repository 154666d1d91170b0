import { jurisdictionOf, type MultiPolygonGeometry, type PolygonGeometry } from '../../model/index.js';
import type {
  BoundaryReadOptions,
  FeatureLike,
  LgaBoundary,
  LgaBoundarySet,
  SkippedBoundaryFeature,
} from './lga-boundary.js';

/**
 * ABS ASGS LGA files name their columns after the edition: `LGA_CODE22`/`LGA_NAME22` in the 2022
 * shapefile, `LGA_CODE23` in 2023, `LGA_CODE_2022` in some re-publications; the state is `STE_CODE21`
 * (a digit) or `STE_NAME21`. The first feature's keys decide.
 */
interface AbsColumns {
  code: string;
  name: string;
  state: string;
  edition: string | null;
}

function findKey(keys: string[], pattern: RegExp): string | undefined {
  return keys.find((key) => pattern.test(key));
}

function absColumns(properties: Record<string, unknown>): AbsColumns | undefined {
  const keys = Object.keys(properties);
  const code = findKey(keys, /^LGA_CODE/i);
  const name = findKey(keys, /^LGA_NAME/i);
  const state = findKey(keys, /^STE_CODE/i) ?? findKey(keys, /^STE_NAME/i) ?? findKey(keys, /^STATE/i);
  if (!code || !name || !state) return undefined;
  const year = /(\d{4}|\d{2})$/.exec(code)?.[1];
  return { code, name, state, edition: year ? `LGA ${year.length === 2 ? `20${year}` : year}` : null };
}

function text(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'number') return String(value);
  return null;
}

function polygonal(geometry: FeatureLike['geometry']): PolygonGeometry | MultiPolygonGeometry | undefined {
  if (!geometry || !Array.isArray(geometry.coordinates)) return undefined;
  if (geometry.type === 'Polygon') return geometry as PolygonGeometry;
  if (geometry.type === 'MultiPolygon') return geometry as MultiPolygonGeometry;
  return undefined;
}

/** Features of an ABS LGA file (any of the three formats) → the boundary set, with every skip explained. */
export function boundarySetFromFeatures(
  features: Iterable<FeatureLike>,
  options: BoundaryReadOptions = {},
): LgaBoundarySet {
  const lgas: LgaBoundary[] = [];
  const skipped: SkippedBoundaryFeature[] = [];
  let columns: AbsColumns | undefined;
  let index = -1;
  for (const feature of features) {
    index += 1;
    const properties = feature.properties ?? {};
    columns ??= absColumns(properties);
    if (!columns) throw new Error('Not an ABS LGA file: no LGA_CODE*, LGA_NAME* and STE_* properties');
    const rawCode = text(properties[columns.code]);
    const name = text(properties[columns.name]);
    const code = rawCode ? (options.codeCrosswalk?.[rawCode] ?? rawCode) : null;
    const skip = (reason: string) => skipped.push({ index, code, name, reason });
    const geometry = polygonal(feature.geometry);
    const jurisdiction = jurisdictionOf(text(properties[columns.state]) ?? '');
    if (!code || !/^\d{5}$/.test(code)) skip('no five-digit LGA code');
    else if (!name) skip('no LGA name');
    else if (!geometry) skip(feature.geometry ? `geometry is ${feature.geometry.type}` : 'no geometry');
    else if (!jurisdiction) skip('unknown state');
    else lgas.push({ code, name, jurisdiction, geometry });
  }
  return { edition: columns?.edition ?? null, lgas, skipped };
}
