import { z } from '@hono/zod-openapi';
import { ARCHIVE_MAX_ZOOM } from './archive-tiles.js';
import { LIVE_MAX_ZOOM } from './live-tiles.js';

/** The tile sets: what each holds, and how deep its tiles go. */
export const TILE_SETS = {
  live: {
    maxzoom: LIVE_MAX_ZOOM,
    description:
      'The live set: layer `incidents` (current incidents at their point: id, title, state, eventType, warningLevel), `events` (active clustered events as their hulls: id, title, level, incidentCount, states and types as `,a,b,`) and `gauges` (water-level gauges: id, title, state, floodClass).',
  },
  archive: {
    maxzoom: ARCHIVE_MAX_ZOOM,
    description:
      'The historical incidents (the archive) for a heat map: layer `archive`, one point per cell of a 64 × 64 grid over each tile with `count`, the incidents in that cell.',
  },
} as const;
export type TileSetName = keyof typeof TILE_SETS;
const TILE_SET_NAMES = Object.keys(TILE_SETS) as [TileSetName, ...TileSetName[]];

const layer = z
  .enum(TILE_SET_NAMES, { message: `layer: must be one of ${TILE_SET_NAMES.join(', ')}` })
  .openapi({ param: { name: 'layer', in: 'path' }, description: 'The tile set: live or archive.' });

function tileCoordinate(name: string, max: number, description: string) {
  return z
    .string()
    .transform((raw, ctx) => {
      const value = /^\d{1,5}$/.test(raw) ? Number(raw) : NaN;
      if (!(value >= 0 && value <= max)) {
        ctx.addIssue({
          code: 'custom',
          message: `${name}: must be an integer from 0 to ${max} (got ${raw})`,
        });
        return z.NEVER;
      }
      return value;
    })
    .openapi({ param: { name, in: 'path' }, type: 'integer', minimum: 0, maximum: max, description });
}

export const TileSetParams = z.object({ layer });

export const TileParams = z.object({
  layer,
  z: tileCoordinate(
    'z',
    LIVE_MAX_ZOOM,
    `Zoom: 0 to the set's maxzoom (live ${LIVE_MAX_ZOOM}, archive ${ARCHIVE_MAX_ZOOM}).`,
  ),
  x: tileCoordinate('x', 2 ** LIVE_MAX_ZOOM - 1, 'Column, from the west: below 2^z.'),
  y: tileCoordinate('y', 2 ** LIVE_MAX_ZOOM - 1, 'Row, from the north: below 2^z.'),
});

export const TileJsonSchema = z
  .object({
    tilejson: z.literal('3.0.0'),
    name: z.string(),
    description: z.string(),
    tiles: z.array(z.string()).openapi({ description: 'The tiles’ URL template ({z}/{x}/{y}).' }),
    minzoom: z.number().int(),
    maxzoom: z.number().int(),
    bounds: z.array(z.number()).length(4),
    vector_layers: z.array(z.object({ id: z.string(), fields: z.record(z.string(), z.string()) })),
    attribution: z.string(),
  })
  .openapi('TileJson', { description: 'A TileJSON 3.0.0 document for one tile set.' });
