import { describe, expect, it } from 'vitest';
import { GAUGE_SOURCES, effectiveGaugeBaseUrl, gaugeMirrorPath } from '../../config/gauge-sources.js';
import { syntheticFleet, syntheticStation } from '../../replay/gauges/index.js';
import { readingTimes } from '../../sources/gauges/fake/index.js';
import { fakeAnswer, GaugeSourceError, pollSequence } from '../../sources/gauges/index.js';

/**
 * Each system's poll is a pure sequence of calls: driven here by its own fake, in process, with no
 * fetch, it asks only for its source's address and reads back every made-up station and reading.
 */

const NOW = Date.parse('2026-03-01T03:07:00Z');
const HOUR = 3_600_000;
const MIRROR = 'http://replay.invalid';
const FLEET = syntheticFleet({ count: 160, seed: 5, startMs: NOW - 3 * 86_400_000, endMs: NOW + 86_400_000 });

function drive(source: (typeof GAUGE_SOURCES)[number], fromMs: number, answers = fakeAnswer) {
  const gauges = FLEET.filter((gauge) => gauge.source === source.name);
  const baseUrl = effectiveGaugeBaseUrl(source, MIRROR);
  const urls: string[] = [];
  const sequence = pollSequence(source.system, {
    source,
    baseUrl,
    fromMs,
    toMs: NOW,
    token: null,
    memory: new Map(),
  });
  let step = sequence.next();
  while (!step.done) {
    urls.push(step.value);
    const url = new URL(step.value);
    const call = {
      path: url.pathname.slice(gaugeMirrorPath(source.name).length),
      query: url.searchParams,
      search: url.search,
    };
    const body = answers(source.system, source, gauges, call, NOW) ?? '';
    step = sequence.next(new TextEncoder().encode(body));
  }
  return { gauges, baseUrl, urls, poll: step.value };
}

describe('gauge poll sequences, driven by their fakes', () => {
  it.each(GAUGE_SOURCES.map((source) => [source.name, source] as const))(
    '%s: asks only its own address and reads every station and reading',
    (_name, source) => {
      const fromMs = NOW - 6 * HOUR;
      const { gauges, baseUrl, urls, poll } = drive(source, fromMs);
      expect(urls.length).toBeGreaterThan(1);
      for (const url of urls) expect(url.startsWith(baseUrl)).toBe(true);
      expect(poll.stations.map((station) => station.id).sort()).toEqual(
        gauges.map((gauge) => syntheticStation(gauge).id).sort(),
      );
      const readings = poll.series.reduce((sum, series) => sum + series.readings.length, 0);
      const expected = gauges.reduce((sum, gauge) => sum + readingTimes(gauge, fromMs, NOW + 1).length, 0);
      // Brisbane's loggers report on change: some readings, never more than the clock gives.
      if (source.system === 'opendatasoft') expect(readings).toBeGreaterThan(0);
      else expect(readings).toBe(expected);
      expect(readings).toBeLessThanOrEqual(expected);
    },
  );

  it('ends with the parser error when a body is not the format', () => {
    const source = GAUGE_SOURCES.find((one) => one.system === 'kiwis')!;
    expect(() => drive(source, NOW - HOUR, () => '<html>busy</html>')).toThrow(GaugeSourceError);
  });
});
