import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { tableSchema } from '../../lake/table-schema.js';
import { LAKE_TABLES, type LakeTableName } from '../../lake/tables.js';
import { API_BASE_PATH, TABLE_SCHEMAS_PATH } from '../../exports/public-paths.js';
import type { AppEnv } from '../env.js';
import { jsonResponse, problemResponses } from '../validation.js';

const TABLE_NAMES = Object.keys(LAKE_TABLES) as [LakeTableName, ...LakeTableName[]];

const TableSchemaSchema = z
  .object({
    name: z.enum(TABLE_NAMES),
    description: z.string(),
    schemaVersion: z.number().int(),
    partitionBy: z.array(z.string()),
    fields: z.array(
      z.object({
        name: z.string(),
        type: z.enum([
          'string',
          'integer',
          'number',
          'boolean',
          'datetime',
          'date',
          'array',
          'object',
          'any',
        ]),
        description: z.string(),
        duckdbType: z
          .string()
          .openapi({ description: 'The type as the Parquet files hold it (DuckDB’s name).' }),
        unit: z.string().optional(),
        constraints: z.object({ required: z.boolean(), enum: z.array(z.string()).optional() }),
      }),
    ),
    missingValues: z.array(z.string()),
  })
  .openapi('TableSchema', {
    description:
      'A Frictionless Table Schema (https://specs.frictionlessdata.io/table-schema/) of one lake table: every column of its files in order, with its meaning, unit and allowed values.',
  });

const tableSchemaRoute = createRoute({
  method: 'get',
  path: `${TABLE_SCHEMAS_PATH.slice(API_BASE_PATH.length)}/{table}`,
  summary: 'What a downloadable table’s columns mean (data dictionary)',
  description:
    'The Frictionless Table Schema of a lake table: each column’s type (and the DuckDB type its Parquet files hold), meaning, unit, whether it may be empty, and the values it takes where they are a fixed list. The catalogue links each table to its schema. `schemaVersion` is the version the manifest names per file; a change to it is listed in docs/data-dictionary.md.',
  request: {
    params: z.object({
      table: z
        .enum(TABLE_NAMES, { message: `table: must be one of ${TABLE_NAMES.join(', ')}` })
        .openapi({ param: { name: 'table', in: 'path' } }),
    }),
  },
  responses: { 200: jsonResponse('The table’s schema', TableSchemaSchema), ...problemResponses(400) },
});

/** Each lake table's data dictionary entry, as a Table Schema. */
export function registerTableSchemas(app: OpenAPIHono<AppEnv>): void {
  app.openapi(tableSchemaRoute, (c) => {
    c.header('cache-control', 'public, max-age=3600');
    return c.json(tableSchema(c.req.valid('param').table), 200);
  });
}
