import { DuckDBInstance } from '@duckdb/node-api';

/**
 * One DuckDB query from the command line, with the DuckDB that `npm install` brings (no separate
 * `duckdb` CLI): to look into the lake's Parquet files downloaded from /v1/exports, or any CSV or
 * Parquet file, by path. An in-memory database: nothing is written.
 */
const USAGE = `usage:
  npm run -s sql -- "<SQL>"
      runs one DuckDB query in memory and prints its rows as a table; files are read by path, relative
      to the project folder, e.g.
      npm run -s sql -- "SELECT title, event_start_date FROM 'vic-archive.parquet' LIMIT 5"`;

function cell(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

async function query(sql: string): Promise<void> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    const result = await connection.runAndReadAll(sql);
    const header = result.columnNames();
    const rows = result.getRowsJson().map((row) => row.map(cell));
    const widths = header.map((name, i) => Math.max(name.length, ...rows.map((row) => row[i]!.length)));
    for (const row of [header, ...rows]) {
      console.log(
        row
          .map((text, i) => text.padEnd(widths[i]!))
          .join('  ')
          .trimEnd(),
      );
    }
    console.error(`(${rows.length} ${rows.length === 1 ? 'row' : 'rows'})`);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(USAGE);
  process.exit(0);
}
if (args.length !== 1 || args[0]!.trim() === '') {
  console.error(`expected one query (quoted), got ${args.length} arguments\n${USAGE}`);
  process.exit(2);
}
try {
  await query(args[0]!);
} catch (error) {
  console.error(`sql: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
