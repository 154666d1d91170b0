import { describe, expect, it } from 'vitest';
import { lakeLocationOf, parseSettings } from '../../config/index.js';

describe('LAKE_URL and the S3 settings', () => {
  it('is the folder under DATA_DIR when unset, as before', () => {
    expect(lakeLocationOf(parseSettings({}))).toEqual({ kind: 'folder', dir: 'data/lake' });
    expect(lakeLocationOf(parseSettings({ DATA_DIR: 'elsewhere' }))).toEqual({
      kind: 'folder',
      dir: 'elsewhere/lake',
    });
  });

  it('takes a folder as a path or a file:// URL', () => {
    expect(lakeLocationOf(parseSettings({ LAKE_URL: '/srv/lake' }))).toEqual({
      kind: 'folder',
      dir: '/srv/lake',
    });
    expect(lakeLocationOf(parseSettings({ LAKE_URL: 'file:///srv/my%20lake' }))).toEqual({
      kind: 'folder',
      dir: '/srv/my lake',
    });
  });

  it('takes s3://bucket/prefix with the endpoint, region and path style settings', () => {
    const settings = parseSettings({
      LAKE_URL: 's3://eids-lake/prod/lake/',
      S3_ENDPOINT: 'http://127.0.0.1:7070',
      S3_FORCE_PATH_STYLE: 'false',
    });
    expect(lakeLocationOf(settings)).toEqual({
      kind: 's3',
      bucket: 'eids-lake',
      prefix: 'prod/lake',
      endpoint: 'http://127.0.0.1:7070',
      region: undefined,
      forcePathStyle: false,
      requestTimeoutMs: 10_000,
    });
    expect(lakeLocationOf(parseSettings({ LAKE_URL: 's3://eids-lake' }))).toMatchObject({
      bucket: 'eids-lake',
      prefix: '',
    });
    expect(parseSettings({}).LAKE_CACHE_MB).toBe(4096);
    expect(parseSettings({}).LAKE_POLL_MS).toBe(1000);
    expect(parseSettings({ S3_TIMEOUT_MS: '2500' }).S3_TIMEOUT_MS).toBe(2500);
  });

  it('refuses what is neither, naming the variable', () => {
    for (const [name, value] of [
      ['LAKE_URL', 's3://A_Bucket/x'],
      ['LAKE_URL', 's3://ok-bucket/../x'],
      ['LAKE_URL', 'gs://bucket/x'],
      ['S3_FORCE_PATH_STYLE', 'yes'],
      ['S3_ENDPOINT', 'not a url'],
      ['LAKE_CACHE_MB', '1'],
    ] as const) {
      expect(() => parseSettings({ [name]: value }), value).toThrow(new RegExp(`${name}:`));
    }
  });
});
