import { tableSchema, type TableSchemaField } from './table-schema.js';
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
    'Each file of the lake’s manifest names the schema version of its table; a reader of an older file finds the columns added since as nulls.',
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
    const added = new Map<number, string[]>();
    for (const column of LAKE_TABLES[table].columns as readonly { name: string; since?: number }[]) {
      if (column.since) added.set(column.since, [...(added.get(column.since) ?? []), column.name]);
    }
    for (const [version, columns] of [...added].sort(([a], [b]) => a - b)) {
      lines.push(
        `- \`${table}\` version ${version}: added ${columns.map((name) => `\`${name}\``).join(', ')}.`,
      );
    }
  }
  return lines.length ? lines : ['- Every table is at its first version.'];
}
