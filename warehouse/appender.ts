import type { DuckDBAppender, DuckDBConnection } from '@duckdb/node-api';

/**
 * Appends rows to a table through one DuckDB appender: `write` appends them (ending each row), the
 * rows are flushed when it returns, and the appender is closed whatever happens.
 */
export async function withAppender(
  connection: DuckDBConnection,
  table: string,
  write: (appender: DuckDBAppender) => void,
): Promise<void> {
  const appender = await connection.createAppender(table);
  try {
    write(appender);
    appender.flushSync();
  } finally {
    appender.closeSync();
  }
}
