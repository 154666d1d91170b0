import { z } from '@hono/zod-openapi';
import type { Reachability } from '../../telemetry/reachability.js';

/** The shared pieces an API process depends on and watches (telemetry/reachability.ts). */
export const DEPENDENCY_NAMES = ['temporal', 'keyStore', 'writer'] as const;
export type DependencyName = (typeof DEPENDENCY_NAMES)[number];

export const DependencySchema = z
  .object({
    name: z.enum(DEPENDENCY_NAMES).openapi({
      description:
        'temporal: where feed health is read from (and webhook deliveries handed to); keyStore: keys, quotas and rate limits (PostgreSQL or SQLite); writer: the one process that publishes the lake, seen through the generations it publishes (away: none for WRITER_QUIET_SECONDS).',
    }),
    state: z.enum(['answering', 'away']).openapi({
      description: 'away: this process has not had an answer from it for a while, and says so in its log.',
    }),
    since: z
      .string()
      .nullable()
      .openapi({ description: 'When it stopped answering; null while it answers.' }),
    reason: z.string().nullable().openapi({
      description:
        'Why, in a few words (connection refused, no answer within 2000 ms); null while it answers.',
    }),
    meanwhile: z.string().openapi({ description: 'What this process does while it is away.' }),
  })
  .openapi('Dependency');

export type DependencyReport = z.infer<typeof DependencySchema>;

/** What the status document and page are told of each piece this process watches. */
export type DependencySource = () => DependencyReport[];

/** A piece as its reachability sees it: away once the line out was written, until the line back. */
export function dependencyReport(
  name: DependencyName,
  reachability: Reachability,
  meanwhile: string,
): DependencyReport {
  const away = reachability.announced;
  const since = reachability.downSince;
  return {
    name,
    state: away ? 'away' : 'answering',
    since: away && since !== undefined ? new Date(since).toISOString() : null,
    reason: away ? (reachability.reason ?? null) : null,
    meanwhile,
  };
}

/**
 * The writer as a reader sees it: by the newest generation published (in the bucket, or the folder),
 * since a healthy writer publishes at least once per poll of any feed (every poll moves fetched_at).
 * Away once that generation is older than `quietMs`; not reported before any generation is seen.
 */
export function writerReport(
  newest: { generation: number; publishedAt: string | null } | undefined,
  quietMs: number,
  now: Date,
): DependencyReport[] {
  if (!newest?.publishedAt) return [];
  const age = now.getTime() - Date.parse(newest.publishedAt);
  const away = age > quietMs;
  return [
    {
      name: 'writer',
      state: away ? 'away' : 'answering',
      since: away ? newest.publishedAt : null,
      reason: away
        ? `no new generation for ${Math.round(age / 1000)} s (generation ${newest.generation} was the last)`
        : null,
      meanwhile:
        'the newest generation is served as it is; changes reach the service again once a writer publishes (docs/deploy.md, "Lost the writer\'s disk")',
    },
  ];
}
