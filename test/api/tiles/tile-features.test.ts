import { describe, expect, it } from 'vitest';
import { eventTileFeature, incidentTileFeature } from '../../../api/tiles/tile-features.js';
import type { PublishedEvent } from '../../../lake/event-rows.js';
import { makeRecord } from '../../support/incidents.js';

/** What a tile feature carries: the few properties the map styles and filters by, sets as `,a,b,`. */
describe('tile features', () => {
  it('writes an event’s states and types so that a filter finds a member by its commas', () => {
    const event = {
      id: '3f1c2a4e-0000-4000-8000-000000000000',
      title: 'Bushfires near the border',
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [148, -36],
            [149, -36],
            [149, -35],
            [148, -36],
          ],
        ],
      },
      maxWarningLevel: 'watch_and_act',
      incidentCount: 3,
      affectedStates: ['nsw', 'vic'],
      eventTypes: ['bushfire', 'grass_fire'],
    } as unknown as PublishedEvent;
    const feature = eventTileFeature(event);
    expect(feature.properties).toEqual({
      id: event.id,
      title: 'Bushfires near the border',
      level: 'watch_and_act',
      incidentCount: 3,
      states: ',nsw,vic,',
      types: ',bushfire,grass_fire,',
    });
    // `,fire,` is no member, though `fire` is part of both types.
    expect(feature.properties.types).toContain(',grass_fire,');
    expect(feature.properties.types).not.toContain(',fire,');
    expect(feature.geometry).toBe(event.geometry);
  });

  it('draws an incident at its point, or its shape without one, and nothing without either', () => {
    const point = makeRecord('nsw-rfs', { location: { latitude: -33.5, longitude: 150.25 } } as never);
    expect(incidentTileFeature(point)?.geometry).toEqual({ type: 'Point', coordinates: [150.25, -33.5] });
    const shape = {
      ...point,
      latitude: null,
      longitude: null,
      geometry: '{"type":"Polygon","coordinates":[]}',
    };
    expect(incidentTileFeature(shape)?.geometry).toEqual({ type: 'Polygon', coordinates: [] });
    expect(incidentTileFeature({ ...shape, geometry: null })).toBeUndefined();
  });
});
