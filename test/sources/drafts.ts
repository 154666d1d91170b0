import type { IncidentDraft, ParseResult, Position } from '../../model/index.js';

/** Helpers the parser suites share for reading drafts out of a ParseResult. */

/** The draft with that id; throws when the result has none. */
export function byId(result: ParseResult, id: string): IncidentDraft {
  const draft = result.incidents.find((incident) => incident.id === id);
  if (!draft) throw new Error(`no draft ${id}`);
  return draft;
}

/** Every position of a draft's geometry, rings flattened; [] without one. */
export function positionsOf(draft: IncidentDraft): Position[] {
  const geometry = draft.geometry;
  if (!geometry) return [];
  if (geometry.type === 'Point') return [geometry.coordinates];
  if (geometry.type === 'Polygon') return geometry.coordinates.flat();
  return geometry.coordinates.flat(2);
}

/** How often each value occurs, keyed by the value as a string. */
export function countBy<T>(values: T[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[String(value)] = (counts[String(value)] ?? 0) + 1;
  return counts;
}
