/** Subscriptions by status (active, disabled). */
export type StatusCounts = ReadonlyMap<string, number>;

/**
 * Subscriptions by status, counted again only when the store's revision moved (every create, delete
 * and status change bumps it): a metrics scrape then costs a key lookup, not a count of 100,000 rows,
 * and its cost stays the same whatever the number of subscriptions.
 */
export class StatusCountCache {
  private counted: { revision: number; counts: StatusCounts } | undefined;

  async read(revision: number, count: () => Promise<StatusCounts>): Promise<StatusCounts> {
    if (this.counted?.revision === revision) return this.counted.counts;
    const counts = await count();
    this.counted = { revision, counts };
    return counts;
  }
}
