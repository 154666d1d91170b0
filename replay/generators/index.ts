import { ACT_GENERATORS } from './act.js';
import { NSW_GENERATORS } from './nsw.js';
import { NT_GENERATORS } from './nt.js';
import { QLD_GENERATORS } from './qld.js';
import { SA_GENERATORS } from './sa.js';
import { TAS_GENERATORS } from './tas.js';
import { VIC_GENERATORS } from './vic.js';
import { WA_GENERATORS } from './wa.js';
import type { FormatGenerator } from './types.js';

/** Every format's generator, keyed by the catalogue `format`. */
export const GENERATORS: ReadonlyMap<string, FormatGenerator> = new Map(
  [
    ...NSW_GENERATORS,
    ...VIC_GENERATORS,
    ...QLD_GENERATORS,
    ...SA_GENERATORS,
    ...WA_GENERATORS,
    ...TAS_GENERATORS,
    ...NT_GENERATORS,
    ...ACT_GENERATORS,
  ].map((generator) => [generator.format, generator]),
);

export type { FormatGenerator, RenderOptions } from './types.js';
