import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import type { Settings } from '../config/index.js';
import type { ArchiveLoadFormat } from '../model/index.js';
import { writeArchiveFile } from '../replay/archive/generate.js';
import { README_EXAMPLE_ARCHIVE_ROWS } from '../replay/archive/readme-examples.js';
import { SHARED_DIR } from '../replay/shared-samples.js';
import { archiveLoad, type ArchiveLoadInput } from '../workflows/index.js';
import { DEMO_ARCHIVE_SOURCE, type DemoInputKind } from './demo-inputs.js';
import type { ServiceLog } from './log.js';
import { ARCHIVE_LOAD_WORKFLOW } from './watched-workflows.js';
import { connectTemporal, findTemporal, webUiLink } from './temporal-target.js';

/**
 * The demo's historical archive: the real AIDR Australian Disaster Events list when ../shared is beside
 * the project (read in place, never copied; source "aidr"), else a small generated archive (source
 * "generated", with a made-up row for the README's example, replay/archive/readme-examples.ts). Loaded
 * on the first run, and again when the inputs change (runtime/demo-inputs.ts), as a visible
 * archiveLoad workflow.
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

/** Whether ../shared holds the real archive: what the demo's archive is built from. */
export function demoArchiveInputs(): DemoInputKind {
  return existsSync(AIDR_FILE) ? 'shared' : 'stand-ins';
}

async function demoArchiveFile(
  dataDir: string,
  inputs: DemoInputKind,
): Promise<{ file: string; format: ArchiveLoadFormat; what: string }> {
  if (inputs === 'shared') {
    return { file: AIDR_FILE, format: 'aidr', what: 'the AIDR Australian Disaster Events list' };
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
    what: `a generated archive of ${GENERATED_ROWS.toLocaleString('en-AU')} made-up events`,
  };
}

/**
 * Starts the demo's archive load that `archive` asks for (the first run's, or a switch to the archive
 * of the other inputs, which replaces the demo's earlier source in the same lake generation); logs its
 * link and its outcome, and calls `loaded` once it is in the lake.
 */
export async function ensureDemoArchive(
  settings: Settings,
  log: ServiceLog,
  archive: { from?: DemoInputKind; to: DemoInputKind },
  loaded: () => Promise<void>,
): Promise<void> {
  const chosen = await demoArchiveFile(settings.DATA_DIR, archive.to);
  const source = DEMO_ARCHIVE_SOURCE[archive.to];
  const target = await findTemporal(settings);
  const { client, close } = await connectTemporal(target);
  try {
    const input: ArchiveLoadInput = {
      file: chosen.file,
      format: chosen.format,
      source,
      ...(archive.from && archive.from !== archive.to
        ? { replaces: [DEMO_ARCHIVE_SOURCE[archive.from]] }
        : {}),
      warehouseTaskQueue: target.warehouseTaskQueue,
    };
    // A switch is a load of its own: a load id names its lake files, so reusing the first one's would
    // find those files and report that load again.
    const workflowId = archive.from
      ? `${DEMO_ARCHIVE_LOAD_ID}-${source}-${new Date().toISOString().replace(/[-:.]/g, '').slice(0, 15)}`
      : DEMO_ARCHIVE_LOAD_ID;
    const handle = await client.workflow
      .start(archiveLoad, {
        workflowId,
        taskQueue: target.ingestTaskQueue,
        args: [input],
      })
      .catch((error: unknown) => {
        if (error instanceof WorkflowExecutionAlreadyStartedError) return undefined;
        throw error;
      });
    if (!handle) {
      log.info(
        `the demo's archive load ${workflowId} is still running; the archive is checked again at the next start`,
      );
      await close();
      return;
    }
    const link = webUiLink(target, workflowId);
    log.info(
      `loading ${chosen.what} into the archive as source "${source}"${input.replaces ? ` in place of "${input.replaces.join('", "')}"` : ''}: workflow ${workflowId}${link ? ` (${link})` : ''}`,
    );
    void handle
      .result()
      .then(
        async (result) => {
          for (const line of ARCHIVE_LOAD_WORKFLOW.summary(result).slice(0, 3)) log.info(`archive: ${line}`);
          await loaded();
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
