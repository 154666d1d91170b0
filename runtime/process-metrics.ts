import { collectProcessMetrics } from '../telemetry/metrics.js';
import { serveMetrics, type MetricsServer } from '../telemetry/metrics-server.js';

/**
 * A process's /metrics on its METRICS_PORT: Node's own figures, everything its parts count, and the
 * Temporal SDK's worker metrics when `sdkAddress` names where its runtime serves them.
 */
export function startProcessMetrics(host: string, port: number, sdkAddress?: string): Promise<MetricsServer> {
  collectProcessMetrics();
  return serveMetrics(host, port, sdkAddress ? `http://${sdkAddress}/metrics` : undefined);
}
