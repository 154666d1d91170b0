import type { Client } from '@temporalio/client';
import { ConfigError, type Settings } from '../config/index.js';
import { effectiveGaugeBaseUrl, GAUGE_SOURCES, type GaugeSourceDefinition } from '../config/gauge-sources.js';
import { gaugePollerWorkflowId, type GaugePollerCarry } from '../model/index.js';
import type { GaugeMaintenanceInput, GaugePollerInput } from '../workflows/index.js';
import type { ServiceLog } from './log.js';
import { markRestarted, POLLS_PER_RUN } from './pollers.js';
import { COMPACTION_EVERY, createScheduleOnce } from './schedules.js';
import type { KeptWorkflow } from './workflow-doctor.js';

/**
 * The gauge sources this service polls: GAUGE_SOURCES when set (each name checked), else every source
 * unless FEEDS narrows the service to some incident feeds (a test or a partial deployment), which then
 * polls no gauges unless they are named.
 */
export function selectedGaugeSources(
  settings: Pick<Settings, 'GAUGE_SOURCES' | 'FEEDS'>,
): readonly GaugeSourceDefinition[] {
  const names = settings.GAUGE_SOURCES;
  if (names === undefined) return settings.FEEDS === undefined ? GAUGE_SOURCES : [];
  const unknown = names.filter((name) => !GAUGE_SOURCES.some((source) => source.name === name));
  if (unknown.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n  GAUGE_SOURCES: no gauge source is named ${unknown.join(', ')} (see config/gauge-sources.ts)`,
    );
  }
  return GAUGE_SOURCES.filter((source) => names.includes(source.name));
}

/** History asked for: a first poll reaches back over the longest staleness horizon. */
const INITIAL_WINDOW_HOURS = 72;
const MAX_WINDOW_HOURS = 7 * 24;

export function gaugePollerInput(source: GaugeSourceDefinition, settings: Settings): GaugePollerInput {
  return {
    source: source.name,
    pollIntervalSeconds: settings.POLL_INTERVAL_SECONDS ?? source.pollIntervalSeconds,
    ingestTaskQueue: settings.INGEST_TASK_QUEUE,
    warehouseTaskQueue: settings.WAREHOUSE_TASK_QUEUE,
    initialWindowHours: INITIAL_WINDOW_HOURS,
    // The national archive fills in late, up to its horizon; telemetry within a couple of hours.
    overlapHours: source.kind === 'national_archive' ? source.stalenessHorizonHours : 2,
    maxWindowHours: MAX_WINDOW_HOURS,
    fetchTimeoutMs: settings.FETCH_TIMEOUT_MS,
    iterationsPerRun: POLLS_PER_RUN,
  };
}

/** One poller per selected source, kept running as feed pollers are (runtime/pollers.ts). */
export function keptGaugePollers(
  settings: Settings,
  sources: readonly GaugeSourceDefinition[],
): KeptWorkflow[] {
  return sources.map((source) => {
    const input = gaugePollerInput(source, settings);
    return {
      workflowId: gaugePollerWorkflowId(source.name),
      workflowType: 'gaugePoller',
      taskQueue: settings.INGEST_TASK_QUEUE,
      input: (carried, restart) => {
        const kept = carried as GaugePollerCarry | undefined;
        return kept?.health
          ? { ...input, carried: { ...kept, health: markRestarted(kept.health, restart) } }
          : input;
      },
      staticSummary: `${source.agency}: river and rain gauges`,
      staticDetails: `Polls ${effectiveGaugeBaseUrl(source, settings.UPSTREAM_BASE_URL)} every ${input.pollIntervalSeconds} s.`,
    };
  });
}

export const GAUGE_COMPACTION_SCHEDULE_ID = 'gauge-lake-compaction';
export const GAUGE_RETENTION_SCHEDULE_ID = 'gauge-retention';

/**
 * The schedules of gauge maintenance: segments merged every 10 minutes, five minutes off the incident
 * lake's compaction so the two never run together; retention once a day. Created once
 * (`createScheduleOnce`): an operator's pause or edit stands.
 */
export async function ensureGaugeSchedules(
  client: Client,
  settings: Settings,
  log: ServiceLog,
): Promise<void> {
  const args: [GaugeMaintenanceInput] = [{ warehouseTaskQueue: settings.WAREHOUSE_TASK_QUEUE }];
  const schedules = [
    {
      scheduleId: GAUGE_COMPACTION_SCHEDULE_ID,
      interval: { every: COMPACTION_EVERY, offset: '5 minutes' },
      workflowType: 'compactGaugeLake',
    },
    { scheduleId: GAUGE_RETENTION_SCHEDULE_ID, interval: { every: '1 day' }, workflowType: 'gaugeRetention' },
  ] as const;
  for (const schedule of schedules) {
    if (await createScheduleOnce(client, settings, { ...schedule, args })) {
      log.debug(`created schedule ${schedule.scheduleId}`);
    }
  }
}
