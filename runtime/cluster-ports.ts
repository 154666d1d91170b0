/**
 * Every port of `npm run cluster`, from one base port, so an operator (and a load balancer, a
 * Prometheus scrape config, a client) knows each address before it starts and after every restart.
 */
export interface ClusterPorts {
  /** The demo's replay upstream. */
  upstream: number;
  /** API replicas, in order. */
  api: number[];
  s3: number;
  /** The key store (PostgreSQL), when the cluster runs one. */
  postgres: number;
  /** Temporal's front end (gRPC), its Web UI, HTTP API and metrics. */
  temporal: number;
  temporalUi: number;
  temporalHttp: number;
  temporalMetrics: number;
  /** The first of the processes' metrics ports: the writer's, then each ingest worker's and replica's. */
  metrics: number;
}

/** Replicas take the ports right after the upstream's; the pieces they share sit further up. */
const OFFSETS = {
  api: 1,
  s3: 20,
  postgres: 21,
  temporalUi: 30,
  temporalHttp: 31,
  temporalMetrics: 32,
  metrics: 40,
};
/**
 * Temporal's front end sits 100 above the base: a Temporal server on PostgreSQL lays its other
 * services out around it (runtime/temporal-server.ts: from 300 below to 703 above).
 */
const TEMPORAL_OFFSET = 400;
export const MAX_API_REPLICAS = OFFSETS.s3 - OFFSETS.api;

export function clusterPorts(base: number, apiReplicas: number): ClusterPorts {
  if (apiReplicas < 1 || apiReplicas > MAX_API_REPLICAS) {
    throw new Error(`a cluster runs 1 to ${MAX_API_REPLICAS} API replicas (got ${apiReplicas})`);
  }
  const temporal = base + TEMPORAL_OFFSET;
  if (base < 1_024 || temporal + 703 > 32_000) {
    throw new Error(`the base port must be between 1024 and ${32_000 - 703 - TEMPORAL_OFFSET} (got ${base})`);
  }
  return {
    upstream: base,
    api: Array.from({ length: apiReplicas }, (_, i) => base + OFFSETS.api + i),
    s3: base + OFFSETS.s3,
    postgres: base + OFFSETS.postgres,
    temporal,
    temporalUi: base + OFFSETS.temporalUi,
    temporalHttp: base + OFFSETS.temporalHttp,
    temporalMetrics: base + OFFSETS.temporalMetrics,
    metrics: base + OFFSETS.metrics,
  };
}
