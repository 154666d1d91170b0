/**
 * Where the published lake lives (LAKE_URL). A folder is the lake itself: the writer publishes into
 * it and API processes read it in place. A bucket prefix (`s3://bucket/prefix`) is the lake's home
 * for processes on other hosts: the writer keeps its folder as a working copy and uploads each
 * generation to it; API replicas keep a bounded cache of it under their own data folder.
 */
export type LakeLocation =
  | { kind: 'folder'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      /** Key prefix of the lake's objects, without a trailing slash ('' for the bucket's root). */
      prefix: string;
      /** From S3_ENDPOINT, S3_REGION, S3_FORCE_PATH_STYLE (lakeLocationOf). */
      endpoint?: string | undefined;
      region?: string | undefined;
      forcePathStyle?: boolean | undefined;
      /** From S3_TIMEOUT_MS: a call, or a transfer with nothing moving, that takes longer is abandoned. */
      requestTimeoutMs?: number | undefined;
    };

/** S3 bucket names: 3–63 lower-case letters, digits, dots and hyphens (the rules every S3 store shares). */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** Parses LAKE_URL: a path, `file://` URL or `s3://bucket[/prefix]`; a message when it is none of these. */
export function parseLakeUrl(value: string): LakeLocation | { error: string } {
  const text = value.trim();
  if (text.startsWith('s3://')) {
    const [bucket = '', ...rest] = text.slice('s3://'.length).split('/');
    if (!BUCKET.test(bucket)) {
      return {
        error: `s3://bucket/prefix needs a bucket name of 3–63 characters a-z, 0-9, . and - (got ${JSON.stringify(bucket)})`,
      };
    }
    const prefix = rest.filter((segment) => segment !== '').join('/');
    if (rest.some((segment) => segment === '.' || segment === '..')) {
      return { error: 'the prefix of s3://bucket/prefix must not contain . or .. segments' };
    }
    return { kind: 's3', bucket, prefix };
  }
  if (text.startsWith('file://')) {
    const dir = decodeURIComponent(text.slice('file://'.length));
    return dir === '' ? { error: 'file:// needs a path' } : { kind: 'folder', dir };
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    return { error: `expected a folder or s3://bucket/prefix (got ${text.split('://')[0]}://…)` };
  }
  return { kind: 'folder', dir: text };
}

/** How a lake location is named in logs and status: never credentials, which the URL does not carry. */
export function describeLakeLocation(location: LakeLocation): string {
  return location.kind === 'folder'
    ? location.dir
    : `s3://${location.bucket}${location.prefix === '' ? '' : `/${location.prefix}`}`;
}
