import { describe, expect, it } from 'vitest';
import { CachedFeedHealthSource, type FeedHealthSource } from '../../api/feed-health-source.js';
import { FEED_CATALOGUE } from '../../config/index.js';
import type { FeedHealth } from '../../model/index.js';

const FEEDS = FEED_CATALOGUE.slice(0, 2);

function health(feedKey: string, polls: number): FeedHealth {
  return {
    feedKey,
    state: 'nsw',
    agency: 'rfs',
    status: 'healthy',
    incidentCount: 1,
    polls,
    errorCount: 0,
    consecutiveFailures: 0,
    guardTrips: 0,
    unmappedValues: 0,
    droppedRecords: 0,
  };
}

/** A source whose answers the test releases by hand, counting how often it is asked. */
class ManualSource implements FeedHealthSource {
  reads = 0;
  answering: (FeedHealth | undefined)[] = [];
  private pending: (() => void)[] = [];
  read(): Promise<(FeedHealth | undefined)[]> {
    this.reads++;
    const answer = this.answering;
    return new Promise((resolve) => this.pending.push(() => resolve(answer)));
  }
  release(): void {
    for (const resolve of this.pending.splice(0)) resolve();
  }
}

describe('feed health served from one shared read', () => {
  it('asks the pollers once for any number of concurrent requests', async () => {
    const inner = new ManualSource();
    inner.answering = FEEDS.map((feed) => health(feed.key, 1));
    const cache = new CachedFeedHealthSource(inner);
    const requests = Array.from({ length: 50 }, () => cache.read(FEEDS));
    inner.release();
    const answers = await Promise.all(requests);
    expect(inner.reads).toBe(1);
    expect(answers.every((a) => a.map((h) => h?.polls).join() === '1,1')).toBe(true);
  });

  it('answers at once from a stale read while one refresh runs, then serves the refreshed one', async () => {
    let now = 0;
    const inner = new ManualSource();
    inner.answering = FEEDS.map((feed) => health(feed.key, 1));
    const cache = new CachedFeedHealthSource(inner, { freshForMs: 5_000, now: () => now });
    const first = cache.read(FEEDS);
    inner.release();
    await first;

    now = 6_000;
    inner.answering = FEEDS.map((feed) => health(feed.key, 2));
    const stale = await Promise.all([cache.read(FEEDS), cache.read(FEEDS)]);
    expect(stale.map((a) => a[0]?.polls)).toEqual([1, 1]);
    expect(inner.reads).toBe(2);
    inner.release();
    await new Promise((resolve) => setImmediate(resolve));
    expect((await cache.read(FEEDS))[0]?.polls).toBe(2);
    expect(inner.reads).toBe(2);
  });

  it("keeps a feed's last answer while its poller cannot be asked, for a while, then says unknown", async () => {
    let now = 0;
    const inner = new ManualSource();
    inner.answering = FEEDS.map((feed) => health(feed.key, 1));
    const cache = new CachedFeedHealthSource(inner, {
      freshForMs: 1_000,
      keepLastKnownForMs: 10_000,
      now: () => now,
    });
    const first = cache.read(FEEDS);
    inner.release();
    await first;

    inner.answering = [undefined, health(FEEDS[1]!.key, 2)];
    now = 2_000;
    void cache.read(FEEDS);
    inner.release();
    await new Promise((resolve) => setImmediate(resolve));
    expect((await cache.read(FEEDS)).map((h) => h?.polls)).toEqual([1, 2]);

    now = 10_500;
    const later = cache.read(FEEDS);
    inner.release();
    expect((await later).map((h) => h?.polls)).toEqual([undefined, 2]);
  });
});
