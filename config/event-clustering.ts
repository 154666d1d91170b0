import { z } from 'zod';
import { clusteringConfig, type ClusteringConfig } from './clustering.js';
import { EVENT_CATEGORIES, EVENT_TYPES, INCIDENT_STATUSES } from '../model/index.js';

/** The overridable parameters of event clustering, by name and type; ranges are clusteringConfig's. */
const ClusteringOverridesSchema = z.strictObject({
  radiusKm: z.partialRecord(z.enum(EVENT_CATEGORIES), z.number().nullable()).optional(),
  excludedEventTypes: z.array(z.enum(EVENT_TYPES)).optional(),
  clusteredStatuses: z.array(z.enum(INCIDENT_STATUSES)).optional(),
  minPoints: z.number().optional(),
  maxMemberAgeHours: z.number().optional(),
  sizeReachMaxKm: z.number().optional(),
  matchShare: z.number().optional(),
  graceMinutes: z.number().optional(),
  retainInactiveHours: z.number().optional(),
});

/**
 * `EVENT_CLUSTERING`: a JSON object overriding some of the clustering parameters
 * (docs/adr/0011-event-clustering.md), e.g. `{"radiusKm":{"fire":10},"graceMinutes":5}`; radii merge
 * category by category. Parsed into the whole configuration, the defaults where it is silent.
 */
export const eventClusteringSetting = z
  .string()
  .optional()
  .transform((raw, ctx): ClusteringConfig => {
    if (raw === undefined) return clusteringConfig();
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON object, e.g. {"graceMinutes":5}' });
      return z.NEVER;
    }
    const overrides = ClusteringOverridesSchema.safeParse(json);
    if (!overrides.success) {
      for (const issue of overrides.error.issues) {
        ctx.addIssue({ code: 'custom', message: `${issue.path.join('.') || '(root)'}: ${issue.message}` });
      }
      return z.NEVER;
    }
    try {
      return clusteringConfig(overrides.data);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
      return z.NEVER;
    }
  });
