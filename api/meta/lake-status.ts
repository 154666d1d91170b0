import { createRoute, z } from '@hono/zod-openapi';
import type { ReplicaStatus } from '../../lake/replica/lake-replica.js';
import type { ServingGeneration } from '../../lake/serving/serving-store.js';
import { jsonResponse, problemResponses } from '../validation.js';

/** What this process serves of the lake, for /v1/status and /readyz. */
export const LakeStatusSchema = z
  .object({
    home: z.enum(['folder', 'bucket']).openapi({
      description:
        'Where the lake is read from: the writer’s folder, or a bucket through this replica’s cache (LAKE_URL).',
    }),
    state: z.enum(['cold', 'current', 'catching-up', 'unreachable']).openapi({
      description:
        'cold: no generation loaded yet (not ready); current: serving the newest generation known; catching-up: a newer generation is being fetched (or its files were refused and are fetched again); unreachable: the bucket does not answer, the last generation is served.',
    }),
    generation: z.number().int().openapi({ description: 'The generation being served (0: none yet).' }),
    publishedAt: z.string().nullable(),
    bucketGeneration: z
      .number()
      .int()
      .nullable()
      .openapi({ description: 'The newest generation the bucket named when last asked; null for a folder.' }),
    lastCheckedAt: z
      .string()
      .nullable()
      .openapi({ description: 'When the bucket last answered; null for a folder or before it has.' }),
    unreachableSince: z.string().nullable(),
    cache: z
      .object({
        bytes: z.number().int(),
        limitBytes: z.number().int(),
        files: z.number().int(),
      })
      .nullable()
      .openapi({ description: 'This replica’s cache of lake files (LAKE_CACHE_MB); null for a folder.' }),
  })
  .openapi('LakeStatus');

export type LakeStatus = z.infer<typeof LakeStatusSchema>;

/** Something that reports a replica's view of a lake in a bucket (lake/replica/lake-replica.ts). */
export interface LakeReplicaStatusSource {
  status(): ReplicaStatus;
}

export function lakeStatus(
  current: ServingGeneration,
  replica: LakeReplicaStatusSource | undefined,
): LakeStatus {
  const loaded = current.generation > 0;
  if (!replica) {
    return {
      home: 'folder',
      state: loaded ? 'current' : 'cold',
      generation: current.generation,
      publishedAt: current.publishedAt,
      bucketGeneration: null,
      lastCheckedAt: null,
      unreachableSince: null,
      cache: null,
    };
  }
  const seen = replica.status();
  // Served is what the store loaded: the replica prepares a generation a moment before it is swapped in.
  const state = !loaded ? 'cold' : seen.state === 'cold' ? 'catching-up' : seen.state;
  return {
    home: 'bucket',
    state: state === 'current' && seen.generation !== current.generation ? 'catching-up' : state,
    generation: current.generation,
    publishedAt: current.publishedAt,
    bucketGeneration: seen.bucketGeneration,
    lastCheckedAt: seen.lastCheckedAt,
    unreachableSince: seen.unreachableSince,
    cache: { bytes: seen.cache.bytes, limitBytes: seen.cache.limitBytes, files: seen.cache.files },
  };
}

const ReadyBody = z
  .object({ ready: z.literal(true), generation: z.number().int(), publishedAt: z.string().nullable() })
  .openapi('Ready');

/** Outside /v1: an orchestrator's probe, not part of the data interface. */
export const readinessRoute = createRoute({
  method: 'get',
  path: '/readyz',
  summary: 'Readiness: 200 once a lake generation is loaded, 503 before (no authentication)',
  description:
    'For load balancers and orchestrators: a replica that has not loaded a generation yet (a cold start fetching its first files from the bucket) answers 503, so no request is sent to it before it can answer. A replica that lost the bucket keeps serving its last generation and stays ready; /v1/status says so.',
  responses: { 200: jsonResponse('Ready', ReadyBody), ...problemResponses(503) },
});
