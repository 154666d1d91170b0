import { AQUARIUS_SYSTEM, type AquariusSourceFields } from './aquarius/index.js';
import { BCC_SYSTEM, type OpendatasoftSourceFields } from './bcc-telemetry/index.js';
import type { FakeCall, FakeStationStyle } from './fake/system-fake.js';
import type { SyntheticGauge } from './fake/gauge.js';
import { HYDSTRA_SYSTEM, type HydstraSourceFields } from './hydstra/index.js';
import { KIWIS_SYSTEM, type KiwisSourceFields } from './kiwis/index.js';
import type { PollSequence, PollWindow } from './poll-sequence.js';
import type { GaugeSystemDefinition } from './system.js';

/** What each system reads from a catalogue entry (config/gauge-sources.ts), by the entry's `system`. */
interface SystemSources {
  hydstra: HydstraSourceFields;
  aquarius: AquariusSourceFields;
  kiwis: KiwisSourceFields;
  opendatasoft: OpendatasoftSourceFields;
}

export type GaugeSystemName = keyof SystemSources;

/**
 * The upstream systems, each self-contained in its folder. A new system is its folder, an entry here
 * and in SystemSources, and its sources in config/gauge-sources.ts.
 */
export const GAUGE_SYSTEMS: { readonly [K in GaugeSystemName]: GaugeSystemDefinition<SystemSources[K]> } = {
  hydstra: HYDSTRA_SYSTEM,
  aquarius: AQUARIUS_SYSTEM,
  kiwis: KIWIS_SYSTEM,
  opendatasoft: BCC_SYSTEM,
};

/** The calls of one poll of a source of `system`. */
export function pollSequence<K extends GaugeSystemName>(
  system: K,
  window: PollWindow<SystemSources[K]>,
): PollSequence {
  return GAUGE_SYSTEMS[system].poll(window);
}

/** A fake's answer to one call to a source of `system`; undefined for a call the service does not have. */
export function fakeAnswer<K extends GaugeSystemName>(
  system: K,
  source: SystemSources[K],
  gauges: readonly SyntheticGauge[],
  call: FakeCall,
  nowMs: number,
): string | undefined {
  return GAUGE_SYSTEMS[system].fake.answer(source, gauges, call, nowMs);
}

/** The made-up stations of every source, in the fleet's order (system by system). */
export const FAKE_STATION_STYLES: readonly FakeStationStyle[] = Object.values(GAUGE_SYSTEMS).flatMap(
  (system) => system.fake.stations,
);
