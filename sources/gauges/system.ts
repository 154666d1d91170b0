import type { SystemFake } from './fake/system-fake.js';
import type { PollSequence, PollWindow } from './poll-sequence.js';
import type { GaugeSourceContext } from './station.js';

/**
 * One upstream system, self-contained in its folder: the calls of a poll (which hand each body to the
 * system's parsers) and the replay's fake that answers those calls with made-up values. `S` is what
 * both read from a catalogue entry of the system (config/gauge-sources.ts).
 */
export interface GaugeSystemDefinition<S extends GaugeSourceContext & { system: string }> {
  poll(window: PollWindow<S>): PollSequence;
  fake: SystemFake<S>;
}
