import { z } from '@hono/zod-openapi';
import type { Reachability } from '../../telemetry/reachability.js';

/** The shared pieces an API process depends on and watches (telemetry/reachability.ts). */
export const DEPENDENCY_NAMES = ['temporal', 'keyStore'] as const;
export type DependencyName = (typeof DEPENDENCY_NAMES)[number];

export const DependencySchema = z
  .object({
    name: z.enum(DEPENDENCY_NAMES).openapi({
      description:
        'temporal: where feed health is read from (and webhook deliveries handed to); keyStore: keys, quotas and rate limits (PostgreSQL or SQLite).',
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
