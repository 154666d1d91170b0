import { gaugeMirrorPath, gaugeSourceByName } from '../../config/gauge-sources.js';
import type { GaugeSourceName } from '../../model/index.js';
import type { SyntheticGauge } from '../../sources/gauges/fake/index.js';
import { fakeAnswer } from '../../sources/gauges/index.js';
import type { ReplayServer, ReplayStep } from '../server.js';

/**
 * The replay server as every gauge source: each source's calls answered at its mirror path
 * (config/gauge-sources.ts gaugeMirrorPath) by its system's fake (sources/gauges/<system>/fake.ts)
 * from a made-up fleet, with readings up to the clock's now. `stepsBefore` scripts failures to play
 * before the good answers.
 */
export function scriptGaugeSources(
  replay: ReplayServer,
  fleet: readonly SyntheticGauge[],
  options: { now?: () => number; sources?: readonly GaugeSourceName[] } = {},
): void {
  const now = options.now ?? Date.now;
  const names = options.sources ?? [...new Set(fleet.map((gauge) => gauge.source))];
  for (const name of names) {
    replay.script(gaugeMirrorPath(name), [gaugeSourceStep(name, fleet, now)]);
  }
}

/** The step that answers every call of one source. */
export function gaugeSourceStep(
  name: GaugeSourceName,
  fleet: readonly SyntheticGauge[],
  now: () => number = Date.now,
): ReplayStep {
  const source = gaugeSourceByName(name)!;
  const gauges = fleet.filter((gauge) => gauge.source === name);
  return {
    kind: 'dynamic',
    respond: (url) => {
      const path = url.pathname.slice(gaugeMirrorPath(name).length);
      const call = { path, query: url.searchParams, search: url.search };
      const body = fakeAnswer(source.system, source, gauges, call, now());
      return body === undefined
        ? { kind: 'status', status: 404, body: 'no such call' }
        : { kind: 'document', body, contentType: 'application/json' };
    },
  };
}
