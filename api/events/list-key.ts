import type { PublishedEvent } from '../../lake/event-rows.js';
import { listKeyOf, type ListKey } from '../../lake/serving/events.js';
import { problems } from '../problem.js';

/** The cursor text of the last event of a page. */
export function listKeyText(event: PublishedEvent): string {
  const { updatedMs, id } = listKeyOf(event);
  return JSON.stringify([updatedMs, id]);
}

/** Reads a key written by listKeyText; anything else is a malformed cursor. */
export function parseListKey(text: string): ListKey {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  if (Array.isArray(value) && typeof value[0] === 'number' && typeof value[1] === 'string') {
    return { updatedMs: value[0], id: value[1] };
  }
  throw problems.invalidParameter('cursor: malformed cursor; pass back the token from meta.nextCursor.');
}
