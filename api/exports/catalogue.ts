import { createHash } from 'node:crypto';
import { resolve, sep } from 'node:path';
import { ARROW_STREAM_MEDIA_TYPE, recordsToArrowStream } from '../../exports/arrow.js';
import { toCsv } from '../../exports/csv.js';
import { toFeature } from '../../exports/geojson.js';
import {
  CAP_FEED_PATH,
  INCIDENT_EXPORTS_PATH,
  LAKE_EXPORTS_PATH,
  TABLE_SCHEMAS_PATH,
} from '../../exports/public-paths.js';
import { TIER_LOOKBACK_TEXT, type Entitlement, type Tier } from '../../config/index.js';
import { RECORD_COLUMNS } from '../../lake/incident-columns.js';
import { GARBAGE_GRACE_MS, type LakeFile } from '../../lake/manifest.js';
import { RecentFiles } from '../../lake/recent-files.js';
import { fileColumns } from '../../lake/stored-columns.js';
import { LAKE_TABLES, type LakeTableName } from '../../lake/tables.js';
import type { IncidentRecord } from '../../model/index.js';
import { ATOM_MEDIA_TYPE } from '../incidents/cap-responses.js';
import type { ServingStore } from '../../lake/serving/serving-store.js';
import type { StoredCoding } from '../content-coding.js';
import { EncodedVariants, type EncodedVariant } from './encoded-variants.js';
import type { StaticFileCache } from './static-file.js';
import { EXPORTED_TABLE_ACCESS, exportRefusal, tableEntitlement, type ExportViewer } from './table-access.js';

/**
 * What `/v1/exports` offers a key: every file of the lake's current generation, as the manifest lists
 * it, the current incidents as whole files (GeoJSON, CSV, Arrow IPC stream) built once per generation,
 * and the CAP Atom feed; of these, only what the key may download (table-access.ts). Each entry
 * carries its size and sha256, which are also the download's ETag.
 */

export const PARQUET_MEDIA_TYPE = 'application/vnd.apache.parquet';

export interface CatalogueEntry {
  href: string;
  format: 'parquet' | 'geojson' | 'csv' | 'arrow' | 'atom';
  mediaType: string;
  table: string;
  partition: Record<string, string>;
  rows: number | null;
  bytes: number;
  sha256: string;
  /** Range of the table's time column in the file (ISO instants), null when it has none. */
  minTime: string | null;
  maxTime: string | null;
  /**
   * The file's stored compressed codings, each with its own size and sha256: a download asked for with
   * `Accept-Encoding` that takes one is sent in it (`Content-Encoding`), its ETag that coding's sha256.
   * Lake files (Parquet, compressed inside) have none.
   */
  encodings?: { coding: StoredCoding; bytes: number; sha256: string }[];
}

/** What an exported table's files need, and how many of them the key was not offered. */
export interface TableDescription {
  columns: { name: string; type: string }[];
  /** The table's Table Schema: what each column means. */
  schema: string;
  /** The schema version of the files written now; each file's own is in the lake's manifest. */
  schemaVersion: number;
  partitionBy: string[];
  access: { endpoint: string; lookback: boolean; entitlement: Entitlement | null };
  /** Files of this generation left out of `files`: the key may not download them. */
  withheld: number;
}

export interface Catalogue {
  generation: number;
  publishedAt: string | null;
  /** Whom the list is for: `files` holds only what this key may download. */
  access: { tier: Tier; lookback: string; entitlements: Entitlement[] };
  files: CatalogueEntry[];
  /** Each table's columns (DuckDB types), hive partition keys, and what its files need. */
  tables: Record<string, TableDescription>;
}

/** A whole collection built in memory for one generation. */
export interface BuiltExport {
  name: CollectionName;
  bytes: Uint8Array;
  sha256: string;
  variants: EncodedVariants;
  rows: number;
  mediaType: string;
  format: CatalogueEntry['format'];
}

const COLLECTIONS = {
  'current.geojson': { format: 'geojson', mediaType: 'application/geo+json' },
  'current.csv': { format: 'csv', mediaType: 'text/csv; charset=utf-8' },
  'current.arrows': { format: 'arrow', mediaType: ARROW_STREAM_MEDIA_TYPE },
} as const satisfies Record<string, { format: CatalogueEntry['format']; mediaType: string }>;
export type CollectionName = keyof typeof COLLECTIONS;
export const COLLECTION_NAMES = Object.keys(COLLECTIONS) as CollectionName[];

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

const encodingsOf = (variants: readonly EncodedVariant[]): NonNullable<CatalogueEntry['encodings']> =>
  variants.map(({ coding, bytes, sha256 }) => ({ coding, bytes: bytes.byteLength, sha256 }));

function build(
  name: CollectionName,
  records: readonly IncidentRecord[],
  generatedAt: string | null,
): Uint8Array {
  switch (name) {
    case 'current.geojson':
      return Buffer.from(
        JSON.stringify({
          type: 'FeatureCollection',
          features: records.map(toFeature),
          meta: { total_count: records.length, generatedAt },
          attribution: '/v1/attribution',
        }),
      );
    case 'current.csv':
      return Buffer.from(toCsv(records));
    case 'current.arrows':
      return recordsToArrowStream(records, RECORD_COLUMNS);
  }
}

/**
 * How long a file stays downloadable after a newer generation replaced it: a bulk user who read the
 * catalogue can still fetch (and resume) every file it listed, although the live set's files are
 * replaced every few seconds. Half the writer's grace period, so the file is still on disk.
 */
export const REPLACED_FILES_SERVED_MS = GARBAGE_GRACE_MS / 2;

export class ExportFiles {
  private built: { generation: number; files: Map<CollectionName, Promise<BuiltExport>> } | undefined;
  /** Every file named by a generation this process served, with when it was replaced (if it was). */
  private readonly known = new RecentFiles(REPLACED_FILES_SERVED_MS);
  private knownGeneration = -1;

  constructor(
    private readonly store: ServingStore,
    private readonly capFeed: StaticFileCache | undefined,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Folds the current manifest into the files known: new ones added, dropped ones marked replaced. */
  private foldManifest(nowMs: number): void {
    const manifest = this.store.manifest;
    if (!manifest || manifest.generation === this.knownGeneration) return;
    this.known.adopt(manifest.files, nowMs);
    this.knownGeneration = manifest.generation;
  }

  /**
   * A lake file by its path: one the current manifest names, or one a recent generation named (see
   * REPLACED_FILES_SERVED_MS); undefined for anything else.
   */
  lakeFile(path: string): { file: LakeFile; absolute: string } | undefined {
    const nowMs = this.now().getTime();
    this.foldManifest(nowMs);
    const entry = this.known.get(path);
    if (!entry) return undefined;
    if (entry.replacedAt !== undefined && nowMs - entry.replacedAt > REPLACED_FILES_SERVED_MS)
      return undefined;
    const { file } = entry;
    const root = resolve(this.store.lakeDir);
    const absolute = resolve(root, file.path);
    // The manifest's paths are checked when it is read; this keeps a bad one inside the lake anyway.
    return absolute.startsWith(`${root}${sep}`) ? { file, absolute } : undefined;
  }

  /** Every current incident and area, retracted ones left out: each collection built once per generation. */
  async collection(name: CollectionName): Promise<BuiltExport> {
    const { generation, publishedAt } = this.store.current;
    if (this.built?.generation !== generation) this.built = { generation, files: new Map() };
    let file = this.built.files.get(name);
    if (!file) {
      file = this.store.liveIncidents().then((live) => {
        const records = live.all.filter((record) => !record.retracted);
        const bytes = build(name, records, publishedAt);
        return {
          name,
          bytes,
          sha256: sha256(bytes),
          variants: new EncodedVariants(bytes),
          rows: records.length,
          ...COLLECTIONS[name],
        };
      });
      this.built.files.set(name, file);
    }
    return file;
  }

  /** The CAP feed as last written, with its checksum and its codings (made again when it changes). */
  async capFeedFile() {
    const file = await this.capFeed?.read();
    if (!file) return undefined;
    if (this.capFeedBuilt?.body !== file.body) {
      this.capFeedBuilt = {
        body: file.body,
        sha256: sha256(file.body),
        variants: new EncodedVariants(file.body),
      };
    }
    return { ...file, sha256: this.capFeedBuilt.sha256, variants: this.capFeedBuilt.variants };
  }
  private capFeedBuilt: { body: Buffer; sha256: string; variants: EncodedVariants } | undefined;

  /** The catalogue as `viewer` may use it: what it may not download is left out, and counted. */
  async catalogue(viewer: ExportViewer): Promise<Catalogue> {
    const { generation, publishedAt } = this.store.current;
    const now = this.now();
    const { lake, withheld } = this.lakeEntries(viewer, now);
    // The whole collections and the CAP feed are the live set's rows, under its rules.
    const live = exportRefusal('incidents_live', null, viewer, now) === undefined;
    return {
      generation,
      publishedAt,
      access: {
        tier: viewer.tier,
        lookback: TIER_LOOKBACK_TEXT[viewer.tier],
        entitlements: [...viewer.entitlements],
      },
      files: [...lake, ...(live ? await this.liveSetEntries() : [])],
      tables: tableDescriptions(withheld),
    };
  }

  /** The current generation's lake files the viewer may download, and how many of each table it may not. */
  private lakeEntries(viewer: ExportViewer, now: Date) {
    const withheld = new Map<LakeTableName, number>();
    const lake: CatalogueEntry[] = [];
    for (const file of this.store.manifest?.files ?? []) {
      if (exportRefusal(file.table, file.minTime, viewer, now)) {
        withheld.set(file.table, (withheld.get(file.table) ?? 0) + 1);
        continue;
      }
      lake.push({
        href: `${LAKE_EXPORTS_PATH}/${file.path}`,
        format: 'parquet',
        mediaType: PARQUET_MEDIA_TYPE,
        table: file.table,
        partition: file.partition,
        rows: file.rows,
        bytes: file.bytes,
        sha256: file.sha256,
        minTime: file.minTime,
        maxTime: file.maxTime,
      });
    }
    return { lake, withheld };
  }

  /** The whole collections and the CAP feed, each with its stored codings. */
  private async liveSetEntries(): Promise<CatalogueEntry[]> {
    const whole = async (built: BuiltExport): Promise<CatalogueEntry> => ({
      ...liveSetEntry(`${INCIDENT_EXPORTS_PATH}/${built.name}`, built.format, built.mediaType),
      rows: built.rows,
      bytes: built.bytes.byteLength,
      sha256: built.sha256,
      encodings: encodingsOf(await built.variants.all()),
    });
    const entries = await Promise.all(
      COLLECTION_NAMES.map(async (name) => whole(await this.collection(name))),
    );
    const cap = await this.capFeedFile();
    if (!cap) return entries;
    return [
      ...entries,
      {
        ...liveSetEntry(CAP_FEED_PATH, 'atom', ATOM_MEDIA_TYPE),
        rows: null,
        bytes: cap.body.byteLength,
        sha256: cap.sha256,
        encodings: encodingsOf(await cap.variants.all()),
      },
    ];
  }
}

/** What every file of the live set shares in the catalogue: no partition, no time range. */
function liveSetEntry(href: string, format: CatalogueEntry['format'], mediaType: string) {
  return { href, format, mediaType, table: 'incidents_live', partition: {}, minTime: null, maxTime: null };
}

/** Each table's columns, partitions and what its files need, with how many the viewer was not offered. */
function tableDescriptions(withheld: ReadonlyMap<LakeTableName, number>): Record<string, TableDescription> {
  return Object.fromEntries(
    Object.values(LAKE_TABLES).map((table): [string, TableDescription] => [
      table.name,
      {
        // The columns of the files written now (lake/stored-columns.ts), as DESCRIBE shows them.
        columns: fileColumns(table).map((column) => ({ name: column.name, type: column.sql })),
        schema: `${TABLE_SCHEMAS_PATH}/${table.name}`,
        schemaVersion: table.schemaVersion,
        partitionBy: [...table.partitionBy],
        access: {
          endpoint: EXPORTED_TABLE_ACCESS[table.name].endpoint,
          lookback: EXPORTED_TABLE_ACCESS[table.name].lookback,
          entitlement: tableEntitlement(table.name) ?? null,
        },
        withheld: withheld.get(table.name) ?? 0,
      },
    ]),
  );
}
