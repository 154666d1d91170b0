import { describe, expect, it } from 'vitest';
import { NT_PARSERS } from '../../../sources/nt/index.js';
import { ntFeedId } from '../../../sources/nt/pfes-incidents.js';
import { eventTypeOf, warningLevelOf } from '../../../sources/nt/pfes-vocabulary.js';
import { NT_FEEDS } from '../../../config/feeds/nt.js';
import type { IncidentDraft, ParseResult } from '../../../model/index.js';
import { NT_GENERATORS, ntIncident, ntVisibleIncidents, ntWarning } from '../../../replay/generators/nt.js';
import type { RenderOptions } from '../../../replay/generators/types.js';

const INCIDENTS = 'nt-pfes-incidents-json';
const WARNINGS = 'nt-pfes-warnings-json';

const options = (overrides: Partial<RenderOptions> = {}): RenderOptions => ({
  count: 200,
  seed: 21,
  tick: 0,
  startedAt: new Date('2026-11-20T00:00:00Z'),
  tickMs: 5 * 60_000,
  ...overrides,
});

function generator(format: string) {
  const found = NT_GENERATORS.find((candidate) => candidate.format === format);
  if (!found) throw new Error(`no generator ${format}`);
  return found;
}

function render(format: string, overrides: Partial<RenderOptions> = {}): ParseResult {
  const body = generator(format).render(options(overrides));
  return NT_PARSERS[format]!(new TextEncoder().encode(body));
}

const darwinIso = (date: Date): string =>
  new Date(date.getTime() + 570 * 60_000).toISOString().replace('.000Z', '+09:30');

describe('NT generators', () => {
  it('covers every catalogue format, deterministically', () => {
    expect(NT_GENERATORS.map((candidate) => candidate.format).sort()).toEqual(
      [...new Set(NT_FEEDS.map((feed) => feed.format))].sort(),
    );
    for (const candidate of NT_GENERATORS) {
      expect(candidate.render(options({ tick: 4 }))).toBe(candidate.render(options({ tick: 4 })));
      expect(candidate.render(options({ seed: 22 }))).not.toBe(candidate.render(options()));
    }
    expect(ntIncident(3, 17)).toEqual(ntIncident(3, 17));
  });

  it('uses the real vocabulary, single-name locations and the odd real warning', () => {
    const incidents = Array.from({ length: 1000 }, (_, index) => ntIncident(5, index));
    expect(new Set(incidents.map((incident) => incident.kind.eventtype)).size).toBe(11);
    expect(new Set(incidents.map((incident) => incident.kind.category)).size).toBe(5);
    expect(incidents.some((incident) => !incident.location.includes(','))).toBe(true);
    expect(incidents.some((incident) => incident.alertLevel !== 'Advice')).toBe(true);
  });

  it('round-trips the incident map: ids, statuses, times and coordinates', () => {
    const tick = 3;
    const result = render(INCIDENTS, { tick });
    expect(result.unmapped).toEqual([]);
    expect(result.dropped).toEqual([]);
    const drafts = new Map<string, IncidentDraft>(result.incidents.map((draft) => [draft.id, draft]));
    const visible = ntVisibleIncidents(options({ tick }));
    expect(drafts.size).toBe(visible.length);
    for (const incident of visible) {
      const id = `nt-pfes-${ntFeedId(darwinIso(incident.notified), [incident.lng, incident.lat], incident.location)}`;
      const draft = drafts.get(id);
      const level = warningLevelOf(incident.alertLevel);
      expect(draft, id).toMatchObject({
        title: incident.location,
        eventType: eventTypeOf(incident.kind.eventtype),
        status: incident.closed ? 'completed' : 'active',
        warningLevel: incident.kind.category === 'advice' && level === 'advice' ? 'none' : level,
        geometry: { type: 'Point', coordinates: [incident.lng, incident.lat] },
        timestamps: {
          reported: darwinIso(incident.notified),
          updated: darwinIso(new Date(Math.max(incident.notified.getTime(), incident.lastUpdate.getTime()))),
        },
        details: {
          category: incident.kind.category,
          type: incident.kind.eventtype,
          responsible_agency: 'NTFRS',
        },
      });
    }
  });

  it('moves on with the ticks: one incident leaves the map, one arrives, incidents close', () => {
    const ids = (tick: number) =>
      new Set(render(INCIDENTS, { tick, count: 12 }).incidents.map((draft) => draft.id));
    const before = ids(0);
    const after = ids(1);
    expect([...before].filter((id) => !after.has(id))).toHaveLength(1);
    expect([...after].filter((id) => !before.has(id))).toHaveLength(1);
    const statuses = (tick: number) =>
      new Set(render(INCIDENTS, { tick, count: 12 }).incidents.map((draft) => draft.status));
    expect(statuses(0)).toEqual(new Set(['active']));
    expect(statuses(5).has('completed')).toBe(true);
  });

  it('round-trips the warnings: one area leaves, one arrives each tick', () => {
    const first = render(WARNINGS, { tick: 0, count: 12 });
    expect(first.unmapped).toEqual([]);
    expect(first.incidents.map((draft) => draft.id)).toEqual(
      Array.from({ length: 12 }, (_, index) => `nt-pfes-warning-${ntWarning(21, index).area_code}`),
    );
    expect(first.incidents[0]).toMatchObject({
      title: ntWarning(21, 0).area_name,
      eventType: 'fire_ban',
      timestamps: { updated: '2026-11-20T09:30:00+09:30' },
    });
    const next = render(WARNINGS, { tick: 1, count: 12 }).incidents.map((draft) => draft.id);
    expect(next[0]).toBe(first.incidents[1]?.id);
    expect(next).toHaveLength(12);
  });

  it('renders and parses 5,000 incidents', () => {
    const started = performance.now();
    const result = render(INCIDENTS, { count: 5000, tick: 9 });
    expect(result.unmapped).toEqual([]);
    expect(result.incidents).toHaveLength(5000);
    // Generous bound for a shared machine: the point is linear cost.
    expect(performance.now() - started).toBeLessThan(20_000);
  });
});
