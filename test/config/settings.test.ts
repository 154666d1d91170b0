import { describe, expect, it } from 'vitest';
import { PARSERS } from '../../sources/index.js';
import {
  ConfigError,
  TIER_RATE_LIMITS,
  effectiveFeedUrl,
  FEED_CATALOGUE,
  mirrorPath,
  parseSettings,
  pollerWorkflowId,
  type FeedDefinition,
} from '../../config/index.js';
import { selectedCatalogue } from '../../runtime/catalogue.js';

describe('settings', () => {
  it('has working defaults', () => {
    expect(parseSettings({})).toMatchObject({
      PORT: 8080,
      DATA_DIR: 'data',
      TEMPORAL_DEV_PORT: 7233,
      TEMPORAL_UI_PORT: 8233,
      INGEST_TASK_QUEUE: 'eids-ingest',
      WAREHOUSE_TASK_QUEUE: 'eids-warehouse',
    });
    expect(parseSettings({}).TEMPORAL_ADDRESS).toBeUndefined();
  });

  it('overrides monthly quotas for the plans named, and refuses a malformed list', () => {
    expect(parseSettings({}).MONTHLY_QUOTAS).toBeUndefined();
    expect(parseSettings({ MONTHLY_QUOTAS: 'free=20000, pro=5' }).MONTHLY_QUOTAS).toEqual({
      free: 20_000,
      starter: 100_000,
      developer: 500_000,
      business: 2_000_000,
      pro: 5,
      enterprise: 50_000_000,
    });
    for (const bad of ['free', 'gold=5', 'free=-1', 'free=1.5']) {
      expect(() => parseSettings({ MONTHLY_QUOTAS: bad }), bad).toThrow(
        /MONTHLY_QUOTAS: expected plan=count/,
      );
    }
  });

  it('overrides short-window limits for the plans named, and refuses a malformed list', () => {
    expect(parseSettings({}).RATE_LIMITS).toBeUndefined();
    const limits = parseSettings({ RATE_LIMITS: 'free=10/120, pro = 500/20000' }).RATE_LIMITS!;
    expect(limits.free).toEqual({ perSecond: 10, perMinute: 120 });
    expect(limits.pro).toEqual({ perSecond: 500, perMinute: 20_000 });
    expect(limits.starter).toEqual(TIER_RATE_LIMITS.starter);
    for (const bad of ['free=10', 'gold=1/2', 'free=0/60', 'free=1.5/60', 'free=10/']) {
      expect(() => parseSettings({ RATE_LIMITS: bad }), bad).toThrow(
        /RATE_LIMITS: expected plan=perSecond\/perMinute/,
      );
    }
  });

  it('takes a PostgreSQL URL for the access store, and nothing else', () => {
    expect(parseSettings({}).DATABASE_URL).toBeUndefined();
    const url = 'postgres://eids:secret@db.internal:5432/access';
    expect(parseSettings({ DATABASE_URL: url }).DATABASE_URL).toBe(url);
    expect(() => parseSettings({ DATABASE_URL: 'mysql://db/access' })).toThrow(
      /DATABASE_URL: must be a postgres/,
    );
  });

  it('logs readable lines unless LOG_FORMAT=json, and selects feeds by key with FEEDS', () => {
    expect(parseSettings({}).LOG_FORMAT).toBe('text');
    expect(parseSettings({ LOG_FORMAT: 'json' }).LOG_FORMAT).toBe('json');
    expect(() => parseSettings({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
    const [first, second] = FEED_CATALOGUE as [FeedDefinition, FeedDefinition];
    expect(selectedCatalogue(parseSettings({}))).toBe(FEED_CATALOGUE);
    const settings = parseSettings({ FEEDS: ` ${second.key}, ${first.key} ` });
    expect(selectedCatalogue(settings).map((feed) => feed.key)).toEqual([first.key, second.key]);
    expect(() => selectedCatalogue(parseSettings({ FEEDS: 'nsw-nope' }))).toThrow(
      /FEEDS: no catalogue feed has the key nsw-nope/,
    );
  });

  it('treats empty variables as unset and coerces numbers', () => {
    expect(parseSettings({ PORT: '', POLL_INTERVAL_SECONDS: '15' })).toMatchObject({
      PORT: 8080,
      POLL_INTERVAL_SECONDS: 15,
    });
  });

  it('fails fast naming every bad variable', () => {
    let error: unknown;
    try {
      parseSettings({ PORT: 'eighty', TEMPORAL_ADDRESS: 'no port', UPSTREAM_BASE_URL: 'not a url' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(/^Invalid configuration:/);
    expect(message).toMatch(/PORT:/);
    expect(message).toMatch(/TEMPORAL_ADDRESS: must look like host:port/);
    expect(message).toMatch(/UPSTREAM_BASE_URL:/);
  });
});

describe('feed catalogue', () => {
  it('gives every feed a unique key, workflow id and mirror path', () => {
    for (const values of [
      FEED_CATALOGUE.map((f) => f.key),
      FEED_CATALOGUE.map(pollerWorkflowId),
      FEED_CATALOGUE.map(mirrorPath),
    ]) {
      expect(new Set(values).size).toBe(values.length);
    }
    expect(pollerWorkflowId(FEED_CATALOGUE[0]!)).toBe('feed:nsw:rfs:major-incidents');
  });

  it('polls the official address unless an upstream base is set', () => {
    const feed = FEED_CATALOGUE[0]!;
    expect(effectiveFeedUrl(feed)).toBe('https://www.rfs.nsw.gov.au/feeds/majorIncidents.json');
    expect(effectiveFeedUrl(feed, 'http://127.0.0.1:9000')).toBe(
      'http://127.0.0.1:9000/nsw/rfs/major-incidents',
    );
  });

  it('has a parser for every feed format, and no parser without a feed', () => {
    const formats = new Set(FEED_CATALOGUE.map((feed) => feed.format));
    expect([...formats].filter((format) => !(format in PARSERS))).toEqual([]);
    expect(Object.keys(PARSERS).filter((format) => !formats.has(format))).toEqual([]);
  });
});
