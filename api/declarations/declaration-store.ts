import { join } from 'node:path';
import { buildDeclarationDataset, type DeclarationDataset } from '../../declarations/index.js';
import { declarationRecord, type DeclarationRow } from '../../lake/declaration-rows.js';
import { filesOf, type LakeFile, type Manifest } from '../../lake/manifest.js';
import { LAKE_TABLES, type LakeTable } from '../../lake/tables.js';
import type { DeclarationSourceId } from '../../model/index.js';
import type { ServedGeography } from './geography.js';

/** Where one source's served records came from (the lake's `declaration_sources` rows). */
export interface ServedSource {
  source: DeclarationSourceId;
  fetchedAt: string;
  contentSha256: string;
  records: number;
  rejected: number;
  unmappedHazards: string[];
  documents: { url: string; sha256: string }[];
}

/** One generation's declarations over the process's geography: what every lookup reads. */
export interface LoadedDeclarations {
  dataset: DeclarationDataset;
  geography: ServedGeography;
  sources: ServedSource[];
  generation: number;
}

/** What the declaration routes need: the loaded data, or why there is none (their 503). */
export interface DeclarationsSource {
  current(): Promise<LoadedDeclarations | { unavailable: string }>;
}

/** The parts of the serving store this reads: the manifest and a DuckDB to read Parquet with. */
export interface LakeReader {
  readonly manifest: Manifest | undefined;
  query<T = Record<string, unknown>>(sql: string): Promise<T[]>;
}

/** Columns as JSON-friendly values: dates as ISO text, instants as ISO text. */
function selectList(table: LakeTable): string {
  return table.columns
    .map(({ name, sql }) => {
      if (sql.startsWith('DATE')) return `strftime(${name}, '%Y-%m-%d') AS ${name}`;
      if (sql.startsWith('TIMESTAMPTZ'))
        return `strftime(${name} AT TIME ZONE 'UTC', '%Y-%m-%dT%H:%M:%SZ') AS ${name}`;
      return name;
    })
    .join(', ');
}

const quoted = (path: string) => `'${path.replaceAll("'", "''")}'`;

/**
 * The API process's declarations: the geography (built once per process from the settings' files)
 * and the records the lake's manifest names, read from their Parquet files and indexed once per
 * generation that changes them. A new generation is indexed while the previous one keeps answering;
 * only the first load is waited for. Geography that fails to load, or a lake with no declarations
 * yet, make `current()` say why instead.
 */
export class DeclarationStore implements DeclarationsSource {
  private loaded: { key: string; value: LoadedDeclarations } | undefined;
  private building: { key: string; promise: Promise<void> } | undefined;
  private geographyError: string | undefined;

  constructor(
    private readonly lake: LakeReader,
    private readonly lakeDir: string,
    private readonly geography: Promise<ServedGeography> | undefined,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {
    geography?.catch((error: unknown) => {
      this.geographyError = error instanceof Error ? error.message : String(error);
      onError(error);
    });
  }

  private filesNow(): LakeFile[] {
    return [
      ...filesOf(this.lake.manifest, 'declarations'),
      ...filesOf(this.lake.manifest, 'declaration_sources'),
    ];
  }

  async current(): Promise<LoadedDeclarations | { unavailable: string }> {
    if (!this.geography) {
      return {
        unavailable:
          'No LGA boundaries are configured (DECLARATIONS_BOUNDARIES), so no lookup can be answered.',
      };
    }
    if (this.geographyError)
      return { unavailable: `The LGA geography could not be loaded: ${this.geographyError}` };
    const files = this.filesNow();
    if (!files.some((file) => file.table === 'declarations')) {
      return {
        unavailable: 'No declaration records have been published yet; the first refresh is under way.',
      };
    }
    const key = files
      .map((file) => file.path)
      .sort()
      .join('\n');
    if (this.loaded?.key !== key) {
      const build = this.refresh();
      // Only the first load is waited for; later ones answer from the previous generation meanwhile.
      if (!this.loaded) await build;
    }
    return this.loaded?.value ?? { unavailable: 'The declarations could not be loaded.' };
  }

  /** Indexes the manifest's declarations now, if they changed; resolves when done. */
  refresh(): Promise<void> {
    const files = this.filesNow();
    const key = files
      .map((file) => file.path)
      .sort()
      .join('\n');
    if (this.loaded?.key === key) return Promise.resolve();
    if (this.building?.key !== key) {
      const promise = this.build(key, files, this.lake.manifest?.generation ?? 0)
        .catch((error: unknown) => this.onError(error))
        .finally(() => {
          if (this.building?.key === key) this.building = undefined;
        });
      this.building = { key, promise };
    }
    return this.building.promise;
  }

  private async build(key: string, files: LakeFile[], generation: number): Promise<void> {
    if (!this.geography) return;
    const geography = await this.geography;
    const relation = (table: LakeTable) => {
      const paths = files
        .filter((file) => file.table === table.name)
        .map((file) => quoted(join(this.lakeDir, file.path)));
      return `SELECT ${selectList(table)} FROM read_parquet([${paths.join(', ')}])`;
    };
    const rows = await this.lake.query<DeclarationRow>(relation(LAKE_TABLES.declarations));
    const sourceRows = files.some((file) => file.table === 'declaration_sources')
      ? await this.lake.query<Record<string, unknown>>(relation(LAKE_TABLES.declaration_sources))
      : [];
    const dataset = buildDeclarationDataset({
      records: rows.map(declarationRecord),
      lgas: geography.index.lgas,
      localities: geography.directory,
    });
    const sources: ServedSource[] = sourceRows.map((row) => {
      const urls = row.document_urls as string[];
      const hashes = row.document_sha256 as string[];
      return {
        source: row.source as DeclarationSourceId,
        fetchedAt: row.fetched_at as string,
        contentSha256: row.content_sha256 as string,
        records: Number(row.records),
        rejected: Number(row.rejected),
        unmappedHazards: row.unmapped_hazards as string[],
        documents: urls.map((url, i) => ({ url, sha256: hashes[i] ?? '' })),
      };
    });
    this.loaded = { key, value: { dataset, geography, sources, generation } };
  }
}
