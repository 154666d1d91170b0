import type { Client } from '@temporalio/client';
import { join } from 'node:path';
import type { Settings } from '../../config/index.js';
import { loadLgaBoundaries, type LgaBoundarySet } from '../../geo/index.js';
import type { KeyStore } from '../access/types.js';
import { boundaryOutlines, type Outlines } from './outlines.js';
import { ensurePageKey, serviceOrigins, type PageKey } from './page-key.js';
import { TemporalWorkSource, type WorkSource } from './work-in-progress.js';

/** What the pages need beyond the API's own deps: made at start from the settings and Temporal. */
export interface PageInputs {
  /** The key the map reads the API with; made once the listening address is known. */
  key: Promise<PageKey>;
  /** Outlines from a boundaries file; without one (undefined) the map draws coarse state borders. */
  outlines: Promise<Outlines | undefined>;
  work?: WorkSource;
  /** The Temporal Web UI of a dev setup (the service's own dev server), for links; absent otherwise. */
  temporalUi?: { url: string; namespace: string };
  /** When this process started reading health: the poll strips begin here. */
  startedAt: Date;
  /** POLL_INTERVAL_SECONDS when it overrides every feed's cadence. */
  pollIntervalSeconds?: number;
  /** Runs `task` every `ms` from start to stop (without it, what the pages keep is read per request). */
  every?(ms: number, task: () => void): void;
}

export interface StartablePageInputs extends PageInputs {
  /** Makes the page key for the address the server listens on and starts the background readers. */
  start(listening: string): Promise<void>;
  stop(): void;
}

/**
 * Dev and demo setups run Temporal on loopback at TEMPORAL_DEV_PORT (the service's own dev server), whose
 * Web UI is at TEMPORAL_UI_PORT; a cluster elsewhere gets no links on a page anyone may read.
 */
export function devTemporalUi(
  settings: Pick<
    Settings,
    'TEMPORAL_ADDRESS' | 'TEMPORAL_DEV_PORT' | 'TEMPORAL_UI_PORT' | 'TEMPORAL_NAMESPACE'
  >,
): PageInputs['temporalUi'] {
  const address = settings.TEMPORAL_ADDRESS ?? `127.0.0.1:${settings.TEMPORAL_DEV_PORT}`;
  const dev = [`127.0.0.1:${settings.TEMPORAL_DEV_PORT}`, `localhost:${settings.TEMPORAL_DEV_PORT}`];
  if (!dev.includes(address)) return undefined;
  return { url: `http://127.0.0.1:${settings.TEMPORAL_UI_PORT}`, namespace: settings.TEMPORAL_NAMESPACE };
}

/**
 * Outlines from the LGA boundaries the service already reads (GEOGRAPHY_LGA_BOUNDARIES, else
 * DECLARATIONS_BOUNDARIES), unless the file says it is made up; else none (the map's coarse borders).
 */
export async function outlinesFromSettings(
  settings: Pick<Settings, 'GEOGRAPHY_LGA_BOUNDARIES' | 'DECLARATIONS_BOUNDARIES'>,
  onError: (message: string) => void = () => undefined,
): Promise<Outlines | undefined> {
  for (const file of [settings.GEOGRAPHY_LGA_BOUNDARIES, settings.DECLARATIONS_BOUNDARIES]) {
    if (!file) continue;
    let set: LgaBoundarySet;
    try {
      set = await loadLgaBoundaries(file);
    } catch (error) {
      onError(
        `reading ${file} for the map's outlines failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      continue;
    }
    if (set.madeUp !== undefined || set.lgas.length === 0) continue;
    return boundaryOutlines(set, `State and LGA outlines from the ${set.edition ?? 'LGA'} boundaries`);
  }
  return undefined;
}

/** The pages' inputs of an API process (api/server.ts). */
export function pageInputs(
  settings: Settings,
  client: Client,
  keys: KeyStore,
  log?: (line: string) => void,
): StartablePageInputs {
  let resolveKey: (key: PageKey) => void = () => undefined;
  let rejectKey: (error: unknown) => void = () => undefined;
  const key = new Promise<PageKey>((resolve, reject) => ((resolveKey = resolve), (rejectKey = reject)));
  // A page waiting on a key that never comes answers 500 rather than leaving an unhandled rejection.
  key.catch(() => undefined);
  const work = new TemporalWorkSource(client);
  const temporalUi = devTemporalUi(settings);
  const tasks: { ms: number; task: () => void }[] = [];
  const timers: NodeJS.Timeout[] = [];
  return {
    key,
    outlines: outlinesFromSettings(settings, (message) => log?.(message)),
    work,
    ...(temporalUi ? { temporalUi } : {}),
    startedAt: new Date(),
    ...(settings.POLL_INTERVAL_SECONDS ? { pollIntervalSeconds: settings.POLL_INTERVAL_SECONDS } : {}),
    every: (ms, task) => void tasks.push({ ms, task }),
    async start(listening) {
      work.start();
      for (const { ms, task } of tasks) timers.push(setInterval(task, ms).unref());
      const file = join(settings.DATA_DIR, 'secrets', 'page-api-key');
      await ensurePageKey(
        keys,
        file,
        serviceOrigins(settings.PUBLIC_BASE_URL, listening),
        new Date(),
        settings.PAGE_KEY_MONTHLY_QUOTA,
      ).then(resolveKey, (error: unknown) => {
        rejectKey(error);
        throw error;
      });
    },
    stop: () => {
      work.stop();
      for (const timer of timers) clearInterval(timer);
    },
  };
}
