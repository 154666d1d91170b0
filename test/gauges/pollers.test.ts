import { ApplicationFailure } from '@temporalio/common';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGaugeIngestActivities, type GaugeIngestActivities } from '../../activities/gauges/index.js';
import { gaugeMirrorPath } from '../../config/gauge-sources.js';
import { parseSettings } from '../../config/index.js';
import { GAUGE_SOURCE_NAMES, type GaugeSourceName } from '../../model/index.js';
import {
  gaugeSourceStep,
  scriptGaugeSources,
  syntheticFleet,
  syntheticStation,
} from '../../replay/gauges/index.js';
import { renderAquariusError } from '../../sources/gauges/aquarius/index.js';
import { readingTimes } from '../../sources/gauges/fake/index.js';
import { renderHydstraError } from '../../sources/gauges/hydstra/index.js';
import { ReplayServer, type ReplayStep } from '../../replay/server.js';
import { readStagedPoll, stagedReadingsPath } from '../../warehouse/gauges/index.js';
import { readFile } from 'node:fs/promises';

const HOUR = 3_600_000;
const NOW = Date.now();
const FLEET = syntheticFleet({
  count: 120,
  seed: 77,
  startMs: NOW - 3 * 86_400_000,
  endMs: NOW + 86_400_000,
});

describe('gauge polls of every upstream system (ingest activity against the replay server)', () => {
  let replay: ReplayServer;
  let dir: string;
  let activities: GaugeIngestActivities;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'eids-gauge-polls-'));
    replay = await ReplayServer.start();
    scriptGaugeSources(replay, FLEET);
    activities = createGaugeIngestActivities({
      settings: parseSettings({ DATA_DIR: dir, UPSTREAM_BASE_URL: replay.url, FETCH_TIMEOUT_MS: '2000' }),
    });
  });
  afterAll(async () => {
    await replay.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function failure(source: GaugeSourceName, steps: ReplayStep[]): Promise<ApplicationFailure> {
    replay.script(gaugeMirrorPath(source), [...steps, gaugeSourceStep(source, FLEET)]);
    const error = await activities.pollGaugeSource({ source, fromMs: NOW - HOUR, token: null }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    replay.script(gaugeMirrorPath(source), [gaugeSourceStep(source, FLEET)]);
    expect(error).toBeInstanceOf(ApplicationFailure);
    return error as ApplicationFailure;
  }

  it.each(GAUGE_SOURCE_NAMES)(
    '%s: lists every station and brings every reading of the window',
    async (source) => {
      const fromMs = NOW - 6 * HOUR;
      const result = await activities.pollGaugeSource({ source, fromMs, token: null });
      const gauges = FLEET.filter((gauge) => gauge.source === source);
      expect(result.stations).toBe(gauges.length);
      expect(result.rawBodies).toBeGreaterThan(0);
      const staged = await readStagedPoll(dir, result.stagedPath);
      expect(staged.stations.map((station) => station.id).sort()).toEqual(
        gauges.map((g) => syntheticStation(g).id).sort(),
      );
      // Every body the poll read is kept by its hash.
      const kept = await readdir(join(dir, 'raw', 'gauges', source), { recursive: true });
      for (const ref of staged.raw) expect(kept.some((name) => name.includes(ref.sha256))).toBe(true);
      const csv = await readFile(join(dir, stagedReadingsPath(result.stagedPath)), 'utf8');
      const lines = csv.trim().split('\n').slice(1);
      if (source === 'bcc-telemetry') {
        // Brisbane's loggers report on change: some readings, never more than the clock gives.
        expect(lines.length).toBeGreaterThan(0);
      } else {
        const expected = gauges.reduce(
          (sum, gauge) =>
            sum + readingTimes(gauge, fromMs, result.polledAt ? Date.parse(result.polledAt) + 1 : NOW).length,
          0,
        );
        expect(lines.length).toBe(expected);
      }
      if (source.endsWith('-aquarius')) {
        expect(result.nextToken).not.toBeNull();
        expect(staged.seriesThresholds.length).toBe(gauges.filter((gauge) => gauge.thresholds).length);
      }
    },
  );

  it('AQUARIUS: with a token, asks only for the series changed since', async () => {
    const first = await activities.pollGaugeSource({
      source: 'tas-aquarius',
      fromMs: NOW - HOUR,
      token: null,
    });
    const before = replay.requests(gaugeMirrorPath('tas-aquarius'));
    const second = await activities.pollGaugeSource({
      source: 'tas-aquarius',
      fromMs: NOW - HOUR,
      token: first.nextToken,
    });
    const asked = replay.requests(gaugeMirrorPath('tas-aquarius')) - before;
    const gauges = FLEET.filter((gauge) => gauge.source === 'tas-aquarius');
    const changed = gauges.filter(
      (gauge) => readingTimes(gauge, Date.parse(first.nextToken!), Date.now() + 1).length > 0,
    );
    // Descriptions and the change list, then one data call per changed series (locations are known).
    expect(asked).toBe(2 + changed.length);
    expect(second.stations).toBe(gauges.length);
  });

  it('HTTP-200 errors of each system fail the poll as upstream-error, without retrying', async () => {
    const cases: [GaugeSourceName, string][] = [
      ['nsw-hydstra', renderHydstraError(120)],
      ['sa-aquarius', renderAquariusError('InvalidSession', 'The session has expired')],
      [
        'bom-kiwis',
        JSON.stringify({ type: 'error', code: 'InvalidParameterValue', message: 'unknown ts_id' }),
      ],
      ['bcc-telemetry', JSON.stringify({ error_code: 'ODSQLError', message: 'Invalid ODSQL query' })],
    ];
    for (const [source, body] of cases) {
      const error = await failure(source, [{ kind: 'document', body }]);
      expect(error.details?.[0], source).toBe('upstream-error');
      expect(error.nonRetryable, source).toBe(true);
    }
  });

  it('a bad body is bad-body, an HTTP error http-status (5xx retried), and an unknown source internal', async () => {
    for (const step of [{ kind: 'html-error' }, { kind: 'malformed' }, { kind: 'empty' }] as ReplayStep[]) {
      const error = await failure('vic-hydstra', [step]);
      expect(error.details?.[0]).toBe('bad-body');
      expect(error.nonRetryable).toBe(true);
    }
    const unavailable = await failure('qld-hydstra', [{ kind: 'status', status: 503 }]);
    expect(unavailable).toMatchObject({ details: ['http-status'], nonRetryable: false });
    const refused = await failure('nt-aquarius', [{ kind: 'status', status: 403 }]);
    expect(refused).toMatchObject({ details: ['http-status'], nonRetryable: true });
    await expect(
      activities.pollGaugeSource({ source: 'nowhere' as GaugeSourceName, fromMs: NOW, token: null }),
    ).rejects.toThrow(/unknown gauge source/);
  });
});
