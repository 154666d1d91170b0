import { describe, expect, it } from 'vitest';
import { GAUGE_SOURCES } from '../../config/gauge-sources.js';
import { ConfigError, parseSettings } from '../../config/index.js';
import { gaugePollerInput, selectedGaugeSources } from '../../runtime/gauge-pollers.js';

const names = (env: Record<string, string>) =>
  selectedGaugeSources(parseSettings(env)).map((source) => source.name);

describe('which gauge sources the service polls', () => {
  it('polls every source by default, none when FEEDS narrows the service, or those GAUGE_SOURCES names', () => {
    expect(names({})).toEqual(GAUGE_SOURCES.map((source) => source.name));
    expect(names({ FEEDS: 'nsw-rfs-major-incidents' })).toEqual([]);
    expect(names({ FEEDS: 'nsw-rfs-major-incidents', GAUGE_SOURCES: 'bom-kiwis, sa-aquarius' })).toEqual([
      'sa-aquarius',
      'bom-kiwis',
    ]);
    expect(names({ GAUGE_SOURCES: 'none' })).toEqual([]);
    expect(() => names({ GAUGE_SOURCES: 'nsw-hydstra,atlantis' })).toThrow(ConfigError);
    expect(() => names({ GAUGE_SOURCES: 'nsw-hydstra,atlantis' })).toThrow(/atlantis/);
  });

  it('asks the national archive again over its horizon, telemetry over two hours', () => {
    const settings = parseSettings({ POLL_INTERVAL_SECONDS: '10' });
    const kiwis = gaugePollerInput(
      GAUGE_SOURCES.find((s) => s.name === 'bom-kiwis')!,
      settings,
    );
    const hydstra = gaugePollerInput(
      GAUGE_SOURCES.find((s) => s.name === 'vic-hydstra')!,
      settings,
    );
    expect(kiwis).toMatchObject({ overlapHours: 72, pollIntervalSeconds: 10, initialWindowHours: 72 });
    expect(hydstra).toMatchObject({ overlapHours: 2, pollIntervalSeconds: 10 });
    expect(gaugePollerInput(GAUGE_SOURCES[0]!, parseSettings({})).pollIntervalSeconds).toBe(900);
  });
});
