import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { dataLayout, type Settings } from '../config/index.js';
import { readManifest } from '../lake/manifest.js';
import type { ArchiveLoadFormat } from '../model/index.js';
import { writeArchiveFile } from '../replay/archive/generate.js';
import { README_EXAMPLE_ARCHIVE_ROWS } from '../replay/archive/readme-examples.js';
import { SHARED_DIR } from '../replay/shared-samples.js';
import { archiveLoad, type ArchiveLoadInput } from '../workflows/index.js';
import type { ServiceLog } from './log.js';
import { ARCHIVE_LOAD_WORKFLOW } from './watched-workflows.js';
import { connectTemporal, findTemporal, webUiLink } from './temporal-target.js';

/**
 * The demo's historical archive: the real AIDR Australian Disaster Events list when ../shared is beside
 * the project (read in place, never copied), else a small generated archive (with a made-up row for the
 * README's example, replay/archive/readme-examples.ts). Loaded on the first run
 * (the lake has no archive yet) as a visible archiveLoad workflow.
 */

const AIDR_FILE = `${SHARED_DIR}reference/archive/aemkh_disaster_events.csv`;
const GEO_DIR = `${SHARED_DIR}reference/geo/`;
export const DEMO_ARCHIVE_LOAD_ID = 'archive-load-demo';
const GENERATED_ROWS = 20_000;

/** Settings for the demo's geography, from ../shared when it is there (for approximate locations). */
export function demoGeographyDefaults(): Record<string, string> {
  const files = {
    GEOGRAPHY_LGA_BOUNDARIES: `${GEO_DIR}abs_lga_2023_simplified_gda94.geojson`,
    GEOGRAPHY_GNAF_LOCALITIES: `${GEO_DIR}gnaf_localities_au_joelkoen.csv`,
    GEOGRAPHY_GNAF_POSTCODES: `${GEO_DIR}gnaf_postcodes_au_joelkoen.csv`,
    GEOGRAPHY_POSTCODE_LOCALITIES: `${GEO_DIR}matthewproctor_australian_postcodes_2025-09.csv`,
  };
  return Object.values(files).every((path) => existsSync(path)) ? files : {};
}

async function demoArchiveFile(
  dataDir: string,
): Promise<{ file: string; format: ArchiveLoadFormat; source: string; what: string }> {
  if (existsSync(AIDR_FILE)) {
    return {
      file: AIDR_FILE,
      format: 'aidr',
      source: 'aidr',
      what: 'the AIDR Australian Disaster Events list',
    };
  }
  const file = join(dataDir, 'archive', 'generated-archive.csv');
  if (!existsSync(file)) {
    await mkdir(join(dataDir, 'archive'), { recursive: true });
    await writeArchiveFile({
      rows: GENERATED_ROWS,
      seed: 2026,
      out: file,
      format: 'csv',
      extraRows: README_EXAMPLE_ARCHIVE_ROWS,
    });
  }
  return {
    file,
    format: 'interchange',
    source: 'generated',
    what: `a generated archive of ${GENERATED_ROWS.toLocaleString('en-AU')} made-up events`,
  };
}

/** Starts the demo's archive load unless the lake has an archive already; logs its link and its outcome. */
export async function ensureDemoArchive(settings: Settings, log: ServiceLog): Promise<void> {
  const manifest = await readManifest(dataLayout(settings.DATA_DIR).lakeDir);
  if (manifest?.files.some((file) => file.table === 'archive')) return;
  const archive = await demoArchiveFile(settings.DATA_DIR);
  const target = await findTemporal(settings);
  const { client, close } = await connectTemporal(target);
  try {
    const input: ArchiveLoadInput = {
      file: archive.file,
      format: archive.format,
      source: archive.source,
      warehouseTaskQueue: target.warehouseTaskQueue,
    };
    const handle = await client.workflow
      .start(archiveLoad, {
        workflowId: DEMO_ARCHIVE_LOAD_ID,
        taskQueue: target.ingestTaskQueue,
        args: [input],
      })
      .catch((error: unknown) => {
        if (error instanceof WorkflowExecutionAlreadyStartedError) return undefined;
        throw error;
      });
    if (!handle) return;
    const link = webUiLink(target, DEMO_ARCHIVE_LOAD_ID);
    log.info(
      `loading ${archive.what} into the archive: workflow ${DEMO_ARCHIVE_LOAD_ID}${link ? ` (${link})` : ''}`,
    );
    void handle
      .result()
      .then(
        (result) => {
          for (const line of ARCHIVE_LOAD_WORKFLOW.summary(result).slice(0, 3)) log.info(`archive: ${line}`);
        },
        (error: unknown) =>
          log.warn(`the demo archive load failed: ${error instanceof Error ? error.message : String(error)}`),
      )
      .finally(() => void close());
  } catch (error) {
    await close();
    throw error;
  }
}
