import { ApplicationFailure } from '@temporalio/common';
import { createHash } from 'node:crypto';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  configuredDeclarationSources,
  dataLayout,
  declarationSourceLocations,
  type Settings,
} from '../config/index.js';
import { LGA_2023_TO_2022_CODES, loadLgaBoundaries } from '../geo/index.js';
import { declarationRow } from '../lake/declaration-rows.js';
import {
  DECLARATION_SOURCES,
  type DeclarationParseResult,
  type DeclarationSourceId,
  type LgaRef,
} from '../model/index.js';
import {
  ckanCsvResourceUrl,
  htmlTables,
  isCkanPackage,
  parseDrfaActivationsCsv,
  parseNswDeclarationPage,
  parseNswRegisterPage,
} from '../sources/declarations/index.js';
import {
  DECLARATION_FAILURES,
  type DeclarationDocument,
  type FetchDeclarationSourceInput,
  type FetchedDeclarationSource,
  type ParsedDeclarationSource,
} from './declaration-contracts.js';
import { UPSTREAM_UNAVAILABLE } from './contracts.js';
import { heartbeating } from './heartbeat.js';
import { fetchingContext, type FetchingContext } from './fetching-context.js';
import type { SharedFilesSettings } from './shared-files.js';
import { cancellation, fetchUpstream, upstreamFailure, withoutQuery } from './upstream-fetch.js';

export interface DeclarationIngestDeps {
  settings: Pick<
    Settings,
    | 'DATA_DIR'
    | 'FETCH_TIMEOUT_MS'
    | 'FETCH_MAX_BYTES'
    | 'DECLARATIONS_DRFA_SOURCE'
    | 'DECLARATIONS_NSW_PAGES'
    | 'DECLARATIONS_BOUNDARIES'
  > &
    SharedFilesSettings;
  fetch?: typeof fetch;
  now?: () => Date;
}

/** Raw bodies of a source are kept under raw/declarations-<source>/… like a feed's. */
const rawKey = (source: DeclarationSourceId) => `declarations-${source}`;

const isUrl = (location: string) => /^https?:\/\//i.test(location);

/** The address records link to: the document's own when it is public, else the source's official page. */
function publicAddress(location: string, source: DeclarationSourceId): string {
  return location.startsWith('https://') ? location : DECLARATION_SOURCES[source].url;
}

function malformed(message: string) {
  return upstreamFailure('bad-body', message, DECLARATION_FAILURES.malformed, true);
}

/** What the declaration activities share: settings, clock, raw store, and the LGA names last read. */
interface DeclarationContext extends FetchingContext<DeclarationIngestDeps['settings']> {
  /** The boundary file's LGA names, by the file's path, size and modification time. */
  boundaryNames: { key: string; lgas: Promise<LgaRef[]> } | undefined;
}

function declarationContext(deps: DeclarationIngestDeps): DeclarationContext {
  return { ...fetchingContext(deps), boundaryNames: undefined };
}

/** One GET of a declaration document (no validators: every answer is read in full). */
async function getBody(
  declarations: DeclarationContext,
  url: string,
): Promise<{ body: Uint8Array; contentType: string | null }> {
  const { settings } = declarations;
  const outcome = await fetchUpstream(
    {
      url,
      timeoutMs: settings.FETCH_TIMEOUT_MS,
      maxBytes: settings.FETCH_MAX_BYTES,
      signal: cancellation(),
    },
    declarations.fetch,
  );
  // No validators are sent, so a 304 leaves nothing to read.
  if (outcome.kind === 'not-modified') {
    throw upstreamFailure('http-status', `HTTP 304 from ${withoutQuery(url)}`, UPSTREAM_UNAVAILABLE, false);
  }
  return { body: outcome.body, contentType: outcome.contentType };
}

/** A document configured as a local file (a path or a file: URL), kept in the raw store. */
async function readLocalDocument(
  { raw }: DeclarationContext,
  source: DeclarationSourceId,
  location: string,
  at: Date,
): Promise<DeclarationDocument> {
  const path = location.startsWith('file:') ? fileURLToPath(location) : location;
  let body: Uint8Array;
  try {
    body = await readFile(path);
  } catch (error) {
    throw upstreamFailure(
      'internal',
      `cannot read ${basename(path)}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
      DECLARATION_FAILURES.misconfigured,
      true,
    );
  }
  return { location: `file:${basename(path)}`, raw: await raw.put(rawKey(source), body, at, null, path) };
}

/** One document: a URL fetched (a catalogue entry followed to its CSV), or a local file read. */
async function fetchDocument(
  declarations: DeclarationContext,
  source: DeclarationSourceId,
  location: string,
): Promise<DeclarationDocument> {
  const at = declarations.now();
  if (!isUrl(location)) return readLocalDocument(declarations, source, location, at);
  let url = location;
  let fetched = await getBody(declarations, url);
  const text = () => new TextDecoder().decode(fetched.body);
  if (source === 'nema_drfa_activations' && isCkanPackage(text())) {
    try {
      url = ckanCsvResourceUrl(text());
    } catch (error) {
      throw malformed(`${withoutQuery(location)}: ${(error as Error).message}`);
    }
    fetched = await getBody(declarations, url);
  }
  return {
    location: url,
    raw: await declarations.raw.put(rawKey(source), fetched.body, at, fetched.contentType, url),
  };
}

async function fetchSource(
  declarations: DeclarationContext,
  input: FetchDeclarationSourceInput,
): Promise<FetchedDeclarationSource> {
  const { settings, now } = declarations;
  const fetchedAt = now().toISOString();
  const locations = declarationSourceLocations(settings, now())[input.source];
  if (!locations) {
    throw upstreamFailure(
      'internal',
      `${input.source} is not configured`,
      DECLARATION_FAILURES.misconfigured,
      true,
    );
  }
  const documents: DeclarationDocument[] = [];
  for (const location of locations) documents.push(await fetchDocument(declarations, input.source, location));
  return { source: input.source, fetchedAt, documents };
}

/** ABS LGA names and codes for reading NSW register pages, read once per boundary file version. */
async function lgaNames(declarations: DeclarationContext): Promise<LgaRef[]> {
  const path = declarations.settings.DECLARATIONS_BOUNDARIES;
  if (!path) {
    throw upstreamFailure(
      'internal',
      'DECLARATIONS_BOUNDARIES is not set: NSW register pages name LGAs, read against the boundaries',
      DECLARATION_FAILURES.misconfigured,
      true,
    );
  }
  const { size, mtimeMs } = await stat(path);
  const key = `${path}:${size}:${mtimeMs}`;
  if (declarations.boundaryNames?.key !== key) {
    const lgas = loadLgaBoundaries(path, { codeCrosswalk: LGA_2023_TO_2022_CODES }).then((set) =>
      set.lgas.map(({ code, name, jurisdiction }) => ({ code, name, jurisdiction })),
    );
    declarations.boundaryNames = { key, lgas };
    lgas.catch(() => (declarations.boundaryNames = undefined));
  }
  return declarations.boundaryNames.lgas;
}

async function parseDocument(
  declarations: DeclarationContext,
  source: DeclarationSourceId,
  document: DeclarationDocument,
): Promise<DeclarationParseResult> {
  const text = new TextDecoder().decode(await declarations.raw.get(document.raw));
  const sourceUrl = publicAddress(document.location, source);
  try {
    if (source === 'nema_drfa_activations') return parseDrfaActivationsCsv(text, { sourceUrl });
    const lgas = await lgaNames(declarations);
    // A financial-year page has the register table; a declaration's own page lists its LGAs.
    return htmlTables(text).length > 0
      ? parseNswRegisterPage(text, { sourceUrl, lgas })
      : parseNswDeclarationPage(text, { sourceUrl, lgas });
  } catch (error) {
    if (error instanceof ApplicationFailure) throw error;
    throw malformed(`${document.location}: ${(error as Error).message}`);
  }
}

/** Writes a source's records to the staged area, named by its documents' hashes, and shares them. */
async function stageRecords(
  { settings, shared }: DeclarationContext,
  fetched: FetchedDeclarationSource,
  records: DeclarationParseResult['records'],
): Promise<{ stagedPath: string; contentSha256: string }> {
  const contentSha256 = createHash('sha256')
    .update(fetched.documents.map((document) => document.raw.sha256).join('\n'))
    .digest('hex');
  const stagedPath = dataLayout(settings.DATA_DIR).stagedRef(rawKey(fetched.source), contentSha256);
  const absolute = join(settings.DATA_DIR, stagedPath);
  await mkdir(dirname(absolute), { recursive: true });
  await writeFile(absolute, JSON.stringify(records.map(declarationRow)));
  await shared.publish(stagedPath);
  return { stagedPath, contentSha256 };
}

async function parseSource(
  declarations: DeclarationContext,
  fetched: FetchedDeclarationSource,
): Promise<ParsedDeclarationSource> {
  const results: DeclarationParseResult[] = [];
  for (const document of fetched.documents) {
    results.push(await parseDocument(declarations, fetched.source, document));
  }
  const unique = new Map(results.flatMap((result) => result.records).map((record) => [record.id, record]));
  const rejected = results.flatMap((result) => result.rejected);
  // Nothing usable, or more refused than read, is a broken document, not a smaller dataset.
  if (unique.size === 0) throw malformed(`${fetched.source}: the documents hold no declaration records`);
  if (rejected.length > unique.size) {
    throw malformed(
      `${fetched.source}: ${rejected.length} rows rejected against ${unique.size} read (first: ${rejected[0]?.reason ?? ''})`,
    );
  }
  const { stagedPath, contentSha256 } = await stageRecords(declarations, fetched, [...unique.values()]);
  return {
    source: fetched.source,
    fetchedAt: fetched.fetchedAt,
    stagedPath,
    contentSha256,
    records: unique.size,
    rejected: rejected.length,
    rejectedSample: rejected.slice(0, 5),
    unmappedHazards: [...new Set(results.flatMap((result) => result.unmappedHazards))].sort(),
    documents: fetched.documents.map((document) => ({
      location: document.location,
      sha256: document.raw.sha256,
    })),
  };
}

/** The sources these settings configure, in refresh order. */
function declarationSources({ settings }: DeclarationContext) {
  return (): Promise<DeclarationSourceId[]> => Promise.resolve(configuredDeclarationSources(settings));
}

function fetchDeclarationSource(declarations: DeclarationContext) {
  return (input: FetchDeclarationSourceInput): Promise<FetchedDeclarationSource> =>
    heartbeating(() => fetchSource(declarations, input));
}

function parseDeclarationSource(declarations: DeclarationContext) {
  return (fetched: FetchedDeclarationSource): Promise<ParsedDeclarationSource> =>
    heartbeating(() => parseSource(declarations, fetched));
}

/**
 * Activities of the ingest task queue that fetch and parse the declaration sources. Nothing here
 * writes the lake: a refresh that fails at any step publishes nothing (workflows/declaration-refresher.ts).
 */
export function createDeclarationIngestActivities(deps: DeclarationIngestDeps) {
  const declarations = declarationContext(deps);
  return {
    declarationSources: declarationSources(declarations),
    fetchDeclarationSource: fetchDeclarationSource(declarations),
    parseDeclarationSource: parseDeclarationSource(declarations),
  };
}

export type DeclarationIngestActivities = ReturnType<typeof createDeclarationIngestActivities>;
