import { describe, expect, it } from 'vitest';
import { parseNswRfsMajorIncidents } from '../../sources/nsw/rfs-major-incidents.js';
import { eventTypeOf, statusOf, warningLevelOf } from '../../sources/nsw/rfs-vocabulary.js';
import type { IncidentDraft, ParseResult } from '../../model/index.js';
import {
  renderNswMajorIncidents,
  syntheticNswIncidents,
  type SyntheticIncident,
} from '../../replay/generators/nsw-rfs.js';

const roundTrip = (incidents: SyntheticIncident[]): ParseResult =>
  parseNswRfsMajorIncidents(new TextEncoder().encode(renderNswMajorIncidents(incidents)));

/** Sydney's repeated hour when DST ended in 2024: 15:00–17:00 UTC on 6 April. */
const inRepeatedHour = (date: Date): boolean =>
  date.getTime() >= Date.UTC(2024, 3, 6, 15) && date.getTime() < Date.UTC(2024, 3, 6, 17);

describe('synthetic NSW RFS majorIncidents.json', () => {
  it('is deterministic for a seed and varies with it', () => {
    expect(syntheticNswIncidents(50, 1)).toEqual(syntheticNswIncidents(50, 1));
    expect(syntheticNswIncidents(50, 1)).not.toEqual(syntheticNswIncidents(50, 2));
  });

  it('varies vocabulary and geometry the way the real feed does', () => {
    const incidents = syntheticNswIncidents(500, 3);
    expect(new Set(incidents.map((incident) => incident.alertLevel)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(incidents.map((incident) => incident.status)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(incidents.map((incident) => incident.type)).size).toBeGreaterThanOrEqual(10);
    expect(incidents.filter((incident) => (incident.polygons?.length ?? 0) > 1).length).toBeGreaterThan(5);
    expect(incidents.some((incident) => inRepeatedHour(incident.updated))).toBe(true);
  });

  it('round-trips ids, vocabulary, times and geometry through the parser', () => {
    const generated = syntheticNswIncidents(400, 42);
    const { incidents, unmapped } = roundTrip(generated);
    expect(unmapped).toEqual([]);
    const byId = new Map<string, IncidentDraft>(incidents.map((draft) => [draft.id, draft]));

    for (const incident of generated) {
      const id = `nsw-rfs-${incident.id}`;
      const draft = byId.get(id);
      const expectedTime = incident.updated.getTime();
      expect(draft).toMatchObject({
        featureType: 'incident',
        title: incident.title,
        status: statusOf(incident.status),
        eventType: eventTypeOf(incident.type),
        warningLevel: warningLevelOf(incident.alertLevel),
        geometry: { type: 'Point', coordinates: [incident.lng, incident.lat] },
        location: { address: incident.location, lga: incident.councilArea },
        details: {
          alert_level: incident.alertLevel,
          status_raw: incident.status,
          type: incident.type,
          size: `${incident.sizeHa} ha`,
        },
      });
      expect(Date.parse(draft?.timestamps.updated ?? ''), id).toBe(expectedTime);
      expect(Date.parse(draft?.timestamps.reported ?? ''), id).toBe(expectedTime);

      const area = byId.get(`${id}-area`);
      if (!incident.polygons) {
        expect(area, id).toBeUndefined();
        continue;
      }
      expect(area?.parentId).toBe(id);
      expect(area?.geometry).toEqual(
        incident.polygons.length === 1
          ? { type: 'Polygon', coordinates: incident.polygons[0] }
          : { type: 'MultiPolygon', coordinates: incident.polygons },
      );
    }
    expect(incidents).toHaveLength(
      generated.length + generated.filter((incident) => incident.polygons).length,
    );
  });

  it('renders and parses 10,000 incidents', () => {
    const generated = syntheticNswIncidents(10_000, 7);
    const started = performance.now();
    const body = renderNswMajorIncidents(generated);
    const renderMs = performance.now() - started;
    const { incidents, unmapped } = parseNswRfsMajorIncidents(new TextEncoder().encode(body));
    expect(unmapped).toEqual([]);
    expect(incidents.filter((draft) => draft.featureType === 'incident')).toHaveLength(10_000);
    // Generous bound: the point is that generation stays linear and cheap, not a benchmark.
    expect(renderMs).toBeLessThan(15_000);
  });
});
