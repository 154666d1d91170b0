import { tableSchema, type TableSchemaField } from './table-schema.js';
import type { ColumnStorage, LakeColumn, LakeTable } from './columns.js';
import { BBOX_COLUMN, geojsonColumnName, localColumnName, POINT_GEOMETRY_COLUMN } from './stored-columns.js';
import { LAKE_TABLES, type LakeTableName } from './tables.js';

/**
 * The data dictionary as a page of the docs (docs/data-dictionary.md, written by
 * `npm run docs:dictionary`): each table's columns with their meaning, from the same definitions the
 * service serves as Table Schemas, and the columns each schema version added.
 */
export function dataDictionaryMarkdown(): string {
  const tables = Object.keys(LAKE_TABLES) as LakeTableName[];
  return [
    '# Data dictionary',
    '',
    '<!-- Written by `npm run docs:dictionary` from lake/dictionary.ts and lake/tables.ts: edit those. -->',
    '',
    'What each column of the downloadable tables (the lake’s Parquet files, [bulk downloads](data-engineering.md#bulk-downloads)) means. The service serves the same as a [Frictionless Table Schema](https://specs.frictionlessdata.io/table-schema/) per table at `GET /v1/exports/tables/{table}`, linked from each table of the catalogue (`tables.<name>.schema`). An empty cell of an optional column is a null in Parquet.',
    '',
    ...tables.flatMap(tableSection),
    '## Schema versions',
    '',
    'Each file of the lake’s manifest names the schema version of its table; a reader of an older file finds the columns added since as nulls, and a column an older file holds as text in that form. The service reads files of every version side by side.',
    '',
    ...versionLines(tables),
    '',
  ].join('\n');
}

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

function row(field: TableSchemaField): string {
  const values = field.constraints.enum?.map((value) => `\`${value}\``).join(', ') ?? '';
  return `| \`${field.name}\` | ${field.duckdbType} | ${field.constraints.required ? 'yes' : ''} | ${cell(field.description)} | ${field.unit ?? ''} | ${values} |`;
}

function tableSection(table: LakeTableName): string[] {
  const schema = tableSchema(table);
  const partitions = schema.partitionBy.length
    ? ` Folders: ${schema.partitionBy.map((key) => `\`${key}=…/\``).join(', ')}.`
    : '';
  return [
    `## \`${table}\``,
    '',
    `${schema.description} Schema version ${schema.schemaVersion}.${partitions}`,
    '',
    '| column | type | required | meaning | unit | values |',
    '| --- | --- | --- | --- | --- | --- |',
    ...schema.fields.map(row),
    '',
  ];
}

function versionLines(tables: readonly LakeTableName[]): string[] {
  const lines: string[] = [];
  for (const table of tables) {
    const changes = new Map<number, string[]>();
    const add = (version: number, change: string) =>
      changes.set(version, [...(changes.get(version) ?? []), change]);
    for (const column of LAKE_TABLES[table].columns as readonly LakeColumn[]) {
      if (column.since) add(column.since, `added \`${column.name}\``);
      if (column.stored) add(column.stored.since, STORED_CHANGE[column.stored.as](column.name));
    }
    const pointSince = (LAKE_TABLES[table] as LakeTable).pointGeometrySince;
    if (pointSince)
      add(
        pointSince,
        `added \`${POINT_GEOMETRY_COLUMN}\` (the point as GeoParquet 1.1 geometry) and \`${BBOX_COLUMN}\``,
      );
    for (const [version, list] of [...changes].sort(([a], [b]) => a - b)) {
      lines.push(`- \`${table}\` version ${version}: ${list.join('; ')}.`);
    }
  }
  return lines.length ? lines : ['- Every table is at its first version.'];
}

/** What a column's typed form changed, in the version list. */
const STORED_CHANGE: Record<ColumnStorage, (name: string) => string> = {
  instant: (name) =>
    `\`${name}\` from text to TIMESTAMPTZ (UTC), the text as published in \`${localColumnName(name)}\``,
  'utc-instant': (name) => `\`${name}\` from text to TIMESTAMPTZ (UTC)`,
  date: (name) => `\`${name}\` from text to DATE`,
  geometry: (name) =>
    `\`${name}\` from GeoJSON text to GeoParquet 1.1 geometry (WKB), covered by \`${BBOX_COLUMN}\`, the text in \`${geojsonColumnName(name)}\``,
};
