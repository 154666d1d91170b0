import type { DuckDBValue } from '@duckdb/node-api';
import type { IncidentRecord } from '../../model/index.js';
import type { CursorCodec } from '../cursor.js';
import type { ServingStore } from '../../lake/serving/serving-store.js';
import type { Page } from './collection.js';

/** A condition that `column` is one of `values`, each bound as the next of `params`; none when absent. */
export function inList(column: string, values: readonly string[] | undefined, params: unknown[]): string[] {
  if (!values) return [];
  const placeholders = values.map((value) => {
    params.push(value);
    return `$${params.length}`;
  });
  return [`${column} IN (${placeholders.join(', ')})`];
}

export interface KeysetQuery {
  /** A relation over record columns: a table name or a parenthesised SELECT. */
  from: string;
  where: string[];
  params: DuckDBValue[];
  limit: number;
  /** What the cursor is bound to: the filters, not the page size. */
  filters: unknown;
  /** `cursor` and `after` as given; `after` wins. */
  cursor?: string | undefined;
  after?: string | undefined;
}

/** One page by keyset on id: a count, then limit + 1 rows past the cursor's key to know if more exist. */
export async function keysetPage(
  store: ServingStore,
  cursors: CursorCodec,
  query: KeysetQuery,
): Promise<Page> {
  const { fingerprint, afterKey } = cursors.resume(query, query.filters);
  const where = (extra: string[]) => (extra.length > 0 ? `WHERE ${extra.join(' AND ')}` : '');

  const [count] = await store.query<{ n: number }>(
    `SELECT count(*)::INTEGER AS n FROM ${query.from} ${where(query.where)}`,
    query.params,
  );
  const pageConditions =
    afterKey === undefined ? query.where : [...query.where, `id > $${query.params.length + 1}`];
  const pageParams = afterKey === undefined ? query.params : [...query.params, afterKey];
  const rows = await store.incidents(
    `SELECT * FROM ${query.from} ${where(pageConditions)} ORDER BY id LIMIT ${query.limit + 1}`,
    pageParams,
  );
  const records: IncidentRecord[] = rows.slice(0, query.limit);
  const last = records[records.length - 1];
  return {
    records,
    total: count?.n ?? 0,
    nextCursor: rows.length > query.limit && last ? cursors.encode(last.id, fingerprint) : undefined,
  };
}
