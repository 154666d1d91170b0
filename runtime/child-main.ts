import { stdoutDestination } from '../api/request-log-writer.js';
import { createServiceLog, isBug, serviceLogOptions } from './log.js';
import { ROLES, startRole, type Role } from './roles.js';
import { settingsOrExit } from './startup-settings.js';
import { installTemporalRuntime } from './temporal-log.js';
import { findFreePort } from './ports.js';
import { startProcessMetrics } from './process-metrics.js';

/**
 * One process of the service (`warehouse`, `ingest` or `api`), started by the supervisor
 * (runtime/supervisor.ts) with the settings in its environment. It tells the supervisor when it is
 * ready, stops on SIGTERM (the supervisor's order), and stops by itself if the supervisor dies.
 */
export interface ReadyMessage {
  type: 'ready';
  url?: string;
  /** Where Prometheus scrapes this process (METRICS_PORT). */
  metricsUrl?: string;
}

const role = process.argv[2] as Role;
if (!ROLES.includes(role)) {
  console.error(`usage: child-main.ts <${ROLES.join('|')}>`);
  process.exit(2);
}

const settings = settingsOrExit();
// The API's own lines share the request log's buffered standard output, so they stay in order.
const log = createServiceLog({
  ...serviceLogOptions(settings, role),
  ...(role === 'api' ? { write: (line: string) => stdoutDestination().write(`${line}\n`) } : {}),
});
// With METRICS_PORT: the Temporal SDK serves a worker's own metrics on a loopback port of its own,
// and this process's /metrics appends them, so one address covers the process.
const sdkMetrics =
  settings.METRICS_PORT !== undefined && role !== 'api' ? `127.0.0.1:${await findFreePort()}` : undefined;
installTemporalRuntime(log, settings.LOG_LEVEL, sdkMetrics);

/** Past this, a stop that hangs is cut short: the supervisor would SIGKILL soon after anyway. */
const STOP_LIMIT_MS = 45_000;

try {
  const running = await startRole(role, settings, log);
  const metricsServer =
    settings.METRICS_PORT !== undefined
      ? await startProcessMetrics(settings.HOST, settings.METRICS_PORT, sdkMetrics)
      : undefined;
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(1), STOP_LIMIT_MS).unref();
    void metricsServer?.close();
    running.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error('stopped with an error', { error, bug: true });
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  // A Ctrl-C reaches every process in the terminal's group; the supervisor decides the order.
  process.on('SIGINT', () => {
    if (!process.connected) stop();
  });
  process.on('disconnect', stop);
  running.ended.then(
    () => {
      if (!stopping) process.exit(1);
    },
    (error: unknown) => {
      if (stopping) return;
      log.error('stopped unexpectedly', { error, bug: true });
      process.exit(1);
    },
  );
  const ready: ReadyMessage = {
    type: 'ready',
    ...(running.url ? { url: running.url } : {}),
    ...(metricsServer ? { metricsUrl: metricsServer.url } : {}),
  };
  process.send?.(ready);
} catch (error) {
  log.error('could not start', { error, bug: isBug(error) });
  process.exit(1);
}
