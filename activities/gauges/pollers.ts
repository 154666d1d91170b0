import type { GaugeSystem } from '../../config/gauge-sources.js';
import { pollAquarius } from './poll-aquarius.js';
import { pollBcc } from './poll-bcc.js';
import { pollHydstra } from './poll-hydstra.js';
import { pollKiwis } from './poll-kiwis.js';
import type { SourcePoller } from './source-poll.js';

/** The poll of each upstream system. */
export const SOURCE_POLLERS: Readonly<Record<GaugeSystem, SourcePoller>> = {
  hydstra: pollHydstra,
  aquarius: pollAquarius,
  kiwis: pollKiwis,
  opendatasoft: pollBcc,
};
