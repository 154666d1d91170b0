import { eventFeature } from '../../clustering/event-feature.js';
import type { EventSet } from '../../lake/serving/events.js';
import { makeChange, type StreamChange, type StreamChangeType } from './change.js';
import { eventFacets } from './facets.js';
import { isAfter, subjectKey, type ChangePosition } from './position.js';

const millis = (text: string | null | undefined) => (text ? Date.parse(text) : Number.NaN);

/**
 * Clustered events the lake last showed changed after `after`: one change each, in its latest state
 * (the lake keeps no event versions). Ended when it is no longer active, formed when the client has
 * not seen it before, changed otherwise.
 */
export function eventChanges(
  events: EventSet,
  previous: EventSet | undefined,
  after: ChangePosition | undefined,
): StreamChange[] {
  const changes: StreamChange[] = [];
  for (const event of events.all()) {
    const publication = events.publicationOf(event.id);
    const at = millis(publication?.changed_published_at);
    if (Number.isNaN(at)) continue;
    const key = subjectKey('event', event.id);
    const position = { at, key, seq: 0 };
    if (!isAfter(position, after)) continue;
    const first = millis(publication?.first_published_at);
    const unseen = !Number.isNaN(first) && isAfter({ at: first, key, seq: 0 }, after);
    const type: StreamChangeType = !event.isActive
      ? 'event.ended'
      : unseen
        ? 'event.formed'
        : 'event.changed';
    const old = previous?.get(event.id);
    const facets = old ? [eventFacets(event), eventFacets(old)] : [eventFacets(event)];
    changes.push(makeChange(position, type, event.id, facets, eventFeature(event)));
  }
  return changes;
}
