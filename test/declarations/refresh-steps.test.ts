import { ApplicationFailure } from '@temporalio/common';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDeclarationIngestActivities } from '../../activities/index.js';
import {
  configuredDeclarationSources,
  dataLayout,
  defaultNswRegisterPages,
  financialYearSlug,
  parseSettings,
} from '../../config/index.js';
import { filesOf, readManifest } from '../../lake/manifest.js';
import { ckanCsvResourceUrl, isCkanPackage } from '../../sources/declarations/index.js';
import { Warehouse } from '../../warehouse/warehouse.js';
import { declarationSettings, refreshOnce, writeStandInInputs } from './support/api-fixture.js';

describe('declaration source settings', () => {
  it('reads the NSW register pages of the current and four previous financial years by default', () => {
    expect(financialYearSlug(new Date('2026-06-30T00:00:00Z'))).toBe('fy-2025-26');
    expect(financialYearSlug(new Date('2026-07-01T00:00:00Z'))).toBe('fy-2026-27');
    const pages = defaultNswRegisterPages(new Date('2026-11-24T00:00:00Z'));
    expect(pages.map((page) => page.split('/').pop())).toEqual([
      'fy-2026-27',
      'fy-2025-26',
      'fy-2024-25',
      'fy-2023-24',
      'fy-2022-23',
    ]);
    expect(pages[0]).toBe(
      'https://www.nsw.gov.au/emergency/recovery/natural-disaster-declarations/fy-2026-27',
    );
  });

  it('`none` leaves a source out', () => {
    expect(configuredDeclarationSources(parseSettings({}))).toEqual([
      'nema_drfa_activations',
      'nsw_disaster_declarations',
    ]);
    expect(configuredDeclarationSources(parseSettings({ DECLARATIONS_NSW_PAGES: 'none' }))).toEqual([
      'nema_drfa_activations',
    ]);
    expect(
      configuredDeclarationSources(
        parseSettings({ DECLARATIONS_DRFA_SOURCE: 'none', DECLARATIONS_NSW_PAGES: 'none' }),
      ),
    ).toEqual([]);
  });
});

describe('the data.gov.au catalogue entry', () => {
  const entry = (resources: object[]) => JSON.stringify({ success: true, result: { resources } });

  it('names the newest CSV resource', () => {
    const text = entry([
      { format: 'CSV', url: 'https://data.gov.au/a/old.csv', last_modified: '2025-09-08T00:00:00' },
      { format: 'PDF', url: 'https://data.gov.au/a/guide.pdf', last_modified: '2026-09-08T00:00:00' },
      { format: 'CSV', url: 'https://data.gov.au/a/new.csv', last_modified: '2026-03-20T06:34:00' },
    ]);
    expect(isCkanPackage(text)).toBe(true);
    expect(ckanCsvResourceUrl(text)).toBe('https://data.gov.au/a/new.csv');
  });

  it('is told apart from the CSV itself, and an entry without a CSV is refused', () => {
    expect(isCkanPackage('Location_Name,Location_Type\nLismore,LGA\n')).toBe(false);
    expect(() => ckanCsvResourceUrl(entry([{ format: 'PDF', url: 'https://x/y.pdf' }]))).toThrow(/no CSV/);
    expect(() => ckanCsvResourceUrl('<html>')).toThrow(/not JSON/);
  });
});

describe('refresh steps without Temporal', () => {
  let dir: string;
  let files: Record<string, string>;
  let warehouse: Warehouse;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'eids-refresh-'));
    files = await writeStandInInputs(dir);
    warehouse = await Warehouse.open(dataLayout(dir).warehouseFile);
  });
  afterEach(async () => {
    warehouse.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function parseFailure(body: string): Promise<ApplicationFailure> {
    await writeFile(files.drfa!, body);
    const ingest = createDeclarationIngestActivities({ settings: declarationSettings(dir, files) });
    const fetched = await ingest.fetchDeclarationSource({ source: 'nema_drfa_activations' });
    const error = await ingest.parseDeclarationSource(fetched).then(
      () => undefined,
      (e: unknown) => e,
    );
    if (!(error instanceof ApplicationFailure)) throw new Error('the parse did not fail');
    return error;
  }

  it('a document that is not the data, or holds nothing usable, is a non-retryable bad body', async () => {
    const header = (await import('node:fs')).readFileSync(files.drfa!, 'utf8').split('\n')[0];
    for (const body of [
      '<html><body>File Unavailable</body></html>',
      `${header}\n`,
      `${header}\nLismore,LGA,14850,New South Wales,Flood,1012,x,x,x,x,A/B,0,0,Flood,2022-02-22\n`,
    ]) {
      const failure = await parseFailure(body);
      expect(failure.nonRetryable).toBe(true);
      expect(failure.details?.[0]).toBe('bad-body');
    }
  });

  it('a missing local file is a non-retryable configuration failure naming the file, not its folder', async () => {
    const ingest = createDeclarationIngestActivities({
      settings: declarationSettings(dir, { ...files, drfa: join(dir, 'gone.csv') }),
    });
    const error = await ingest
      .fetchDeclarationSource({ source: 'nema_drfa_activations' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApplicationFailure);
    expect((error as ApplicationFailure).message).toBe('cannot read gone.csv: ENOENT');
    expect((error as ApplicationFailure).nonRetryable).toBe(true);
  });

  it('publishes each source apart; the same documents again publish nothing; a shrunken one is held back', async () => {
    const settings = declarationSettings(dir, files);
    const lakeDir = dataLayout(dir).lakeDir;
    await refreshOnce(settings, warehouse);
    const first = await readManifest(lakeDir);
    const paths = (manifest: typeof first) =>
      [...filesOf(manifest, 'declarations'), ...filesOf(manifest, 'declaration_sources')]
        .map((f) => f.path)
        .sort();
    expect(paths(first)).toHaveLength(4);

    await refreshOnce(settings, warehouse);
    expect((await readManifest(lakeDir))?.generation).toBe(first?.generation);

    const csv = (await import('node:fs')).readFileSync(files.drfa!, 'utf8').trimEnd().split('\n');
    await writeFile(files.drfa!, `${csv.slice(0, 4).join('\n')}\n`);
    const guarded = await refreshOnce(settings, warehouse).catch((e: unknown) => e);
    expect(guarded).toBeInstanceOf(ApplicationFailure);
    expect((guarded as ApplicationFailure).details?.[0]).toBe('retraction-guard');
    expect(paths(await readManifest(lakeDir))).toEqual(paths(first));

    // A real change of one source replaces that source's files only.
    await writeFile(files.drfa!, `${csv.slice(0, -1).join('\n')}\n`);
    await refreshOnce(settings, warehouse);
    const after = await readManifest(lakeDir);
    const nsw = (manifest: typeof first) => paths(manifest).filter((path) => path.includes('nsw_disaster'));
    expect(nsw(after)).toEqual(nsw(first));
    expect(paths(after)).not.toEqual(paths(first));
    const drfaRows = filesOf(after, 'declarations').find(
      (f) => f.partition.source === 'nema_drfa_activations',
    );
    const before = filesOf(first, 'declarations').find((f) => f.partition.source === 'nema_drfa_activations');
    expect(drfaRows!.rows).toBeLessThan(before!.rows);
  });

  it('takes a source the settings no longer name out of the lake at the next refresh, even with the others unchanged', async () => {
    const lakeDir = dataLayout(dir).lakeDir;
    const sources = (manifest: Awaited<ReturnType<typeof readManifest>>) =>
      [...filesOf(manifest, 'declarations'), ...filesOf(manifest, 'declaration_sources')]
        .map((file) => `${file.table}:${file.partition.source}`)
        .sort();
    await refreshOnce(declarationSettings(dir, files), warehouse);
    const first = await readManifest(lakeDir);
    expect(sources(first)).toEqual([
      'declaration_sources:nema_drfa_activations',
      'declaration_sources:nsw_disaster_declarations',
      'declarations:nema_drfa_activations',
      'declarations:nsw_disaster_declarations',
    ]);
    // The demo reading ../shared: no NSW register pages, the same DRFA documents (unchanged).
    await refreshOnce(declarationSettings(dir, { ...files, nsw: 'none' }), warehouse);
    const after = await readManifest(lakeDir);
    expect(after!.generation).toBe(first!.generation + 1);
    expect(sources(after)).toEqual([
      'declaration_sources:nema_drfa_activations',
      'declarations:nema_drfa_activations',
    ]);
    const drfa = (manifest: typeof first) =>
      filesOf(manifest, 'declarations').filter((file) => file.partition.source === 'nema_drfa_activations');
    expect(drfa(after)).toEqual(drfa(first));
    // Nothing more to take out: the same refresh again publishes nothing.
    await refreshOnce(declarationSettings(dir, { ...files, nsw: 'none' }), warehouse);
    expect((await readManifest(lakeDir))!.generation).toBe(after!.generation);
  });
});
