import { columnMeaning, TABLE_MEANINGS } from './dictionary.js';
import { BBOX_SQL_TYPE, GEOMETRY_SQL_TYPE } from './geometry-sql.js';
import { fileColumns } from './stored-columns.js';
import { LAKE_TABLES, type LakeTableName } from './tables.js';

/** A field of a Frictionless Table Schema (https://specs.frictionlessdata.io/table-schema/). */
export interface TableSchemaField {
  name: string;
  type: 'string' | 'integer' | 'number' | 'boolean' | 'datetime' | 'date' | 'array' | 'object' | 'any';
  description: string;
  /** The column's type as the Parquet files hold it (DuckDB's name for it). */
  duckdbType: string;
  unit?: string;
  constraints: { required: boolean; enum?: string[] };
}

/** One lake table's Frictionless Table Schema, with what the table holds and its file layout. */
export interface TableSchema {
  name: LakeTableName;
  description: string;
  /** The table's schema version (lake manifests name it per file); a change is listed in the docs. */
  schemaVersion: number;
  /** Hive partition keys of its folders (`key=value/`); not columns of its files. */
  partitionBy: string[];
  fields: TableSchemaField[];
  missingValues: [''];
}

/** DuckDB's types, as Table Schema types. */
const FIELD_TYPES: Readonly<Record<string, TableSchemaField['type']>> = {
  VARCHAR: 'string',
  INTEGER: 'integer',
  SMALLINT: 'integer',
  BIGINT: 'integer',
  DOUBLE: 'number',
  BOOLEAN: 'boolean',
  TIMESTAMPTZ: 'datetime',
  DATE: 'date',
  'VARCHAR[]': 'array',
  // WKB, which Table Schema has no type for: its GeoParquet metadata says how to read it.
  [GEOMETRY_SQL_TYPE]: 'any',
  [BBOX_SQL_TYPE]: 'object',
};

function field(table: LakeTableName, column: { name: string; sql: string }): TableSchemaField {
  const duckdbType = column.sql.replace(/\s+NOT NULL$/, '');
  const type = FIELD_TYPES[duckdbType];
  if (!type) throw new Error(`no Table Schema type for ${table}.${column.name} (${duckdbType})`);
  const { description, unit, values } = columnMeaning(table, column.name);
  return {
    name: column.name,
    type,
    description,
    duckdbType,
    ...(unit ? { unit } : {}),
    constraints: { required: column.sql.endsWith('NOT NULL'), ...(values ? { enum: [...values] } : {}) },
  };
}

/** The Table Schema of a lake table: every column in file order, with its meaning. */
export function tableSchema(table: LakeTableName): TableSchema {
  const definition = LAKE_TABLES[table];
  return {
    name: table,
    description: TABLE_MEANINGS[table],
    schemaVersion: definition.schemaVersion,
    partitionBy: [...definition.partitionBy],
    fields: fileColumns(definition).map((column) => field(table, column)),
    missingValues: [''],
  };
}
