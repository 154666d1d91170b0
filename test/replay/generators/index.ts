import { NSW_GENERATORS } from './nsw.js';
import type { FormatGenerator } from './types.js';

/** Every format's generator, keyed by the catalogue `format`. */
export const GENERATORS: ReadonlyMap<string, FormatGenerator> = new Map(
  [...NSW_GENERATORS].map((generator) => [generator.format, generator]),
);

export type { FormatGenerator, RenderOptions } from './types.js';
