import { describe, expect, it } from 'vitest';
import { writerReport } from '../../../api/meta/dependencies.js';

const NOW = new Date('2026-11-28T12:00:00Z');
const QUIET_MS = 300_000;

describe('the writer as /v1/status reports it', () => {
  it('answers while generations keep coming', () => {
    const [report] = writerReport({ generation: 7, publishedAt: '2026-11-28T11:58:00Z' }, QUIET_MS, NOW);
    expect(report).toMatchObject({ name: 'writer', state: 'answering', since: null, reason: null });
  });

  it('is away, since its last generation and saying why, once none came for the quiet period', () => {
    const [report] = writerReport({ generation: 7, publishedAt: '2026-11-28T11:50:00Z' }, QUIET_MS, NOW);
    expect(report).toMatchObject({
      name: 'writer',
      state: 'away',
      since: '2026-11-28T11:50:00Z',
      reason: 'no new generation for 600 s (generation 7 was the last)',
    });
  });

  it('says nothing before any generation is seen', () => {
    expect(writerReport({ generation: 0, publishedAt: null }, QUIET_MS, NOW)).toEqual([]);
    expect(writerReport(undefined, QUIET_MS, NOW)).toEqual([]);
  });
});
