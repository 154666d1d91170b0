import { TIERS, type ShortWindowLimits, type Tier } from '../../config/index.js';
import { PROBLEM_CONTENT_TYPE } from '../problem.js';
import { PROBLEM_DESCRIPTIONS } from '../validation.js';
import { type RATE_LIMIT_HEADER_NAMES } from './rate-limit.js';
import { policyFor, type RoutePolicy } from './route-policy.js';

interface Operation {
  security?: Record<string, string[]>[];
  responses?: Record<string, { description: string; headers?: Record<string, unknown>; content?: unknown }>;
  description?: string;
}
interface Document {
  paths?: Record<string, Record<string, Operation>>;
  components?: Record<string, Record<string, unknown>>;
}

const problem = { [PROBLEM_CONTENT_TYPE]: { schema: { $ref: '#/components/schemas/Problem' } } };
const integer = (description: string) => ({ description, schema: { type: 'integer', minimum: 0 } });
const RATE_LIMIT_HEADERS: Record<(typeof RATE_LIMIT_HEADER_NAMES)[number], unknown> = {
  'RateLimit-Limit': integer(
    'Requests the key may make this calendar month (UTC); on a 429 `rate-limited`, the limit of the window that refused.',
  ),
  'RateLimit-Remaining': integer('Requests left this month, after this one (0 on a 429).'),
  'RateLimit-Reset': integer(
    'Seconds until the monthly quota resets (the next month, 00:00 UTC); on a 429 `rate-limited`, until the window that refused ends.',
  ),
  'RateLimit-Policy': {
    description:
      'Every policy the request is counted against, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`, then, where short windows apply, `"minute";q=<limit>;w=60` and `"second";q=<limit>;w=1`.',
    schema: { type: 'string' },
  },
  RateLimit: {
    description:
      'The state of each policy, per draft-ietf-httpapi-ratelimit-headers: `"<policy>";r=<remaining>;t=<seconds until it resets>`, in the order of RateLimit-Policy (a 429 `rate-limited` lists the short windows only).',
    schema: { type: 'string' },
  },
};

/** The 429's description: the month, and each plan's short windows when they apply. */
function tooManyText(rateLimits: Readonly<Record<Tier, ShortWindowLimits>> | undefined): string {
  const month = 'Monthly quota exceeded (quota-exceeded): Retry-After is the seconds until the next month.';
  if (!rateLimits) return month;
  const plans = TIERS.map(
    (tier) => `${tier} ${rateLimits[tier].perSecond}/s and ${rateLimits[tier].perMinute}/min`,
  ).join(', ');
  return `${month} Or a short-window limit exceeded (rate-limited): requests per clock second and per clock minute (UTC), per key, or per client address for a key shared by many clients (${plans}); Retry-After is the seconds until that window ends.`;
}

/** The path a template stands for, to look its policy up: `/v1/incidents/{id}` → `/v1/incidents/id`. */
function probePath(template: string): string {
  return template.replace(/\{[^}]+\}/g, (name) => name.slice(1, -1));
}

function forbiddenText(policy: RoutePolicy, existing: string | undefined): string {
  const reasons = [
    ...(existing ? [existing] : []),
    "the browser Origin is not on the key's allowlist (origin-not-allowed)",
    ...(policy.entitlement
      ? [`the key lacks the ${policy.entitlement} entitlement (entitlement-required)`]
      : []),
  ];
  return `Forbidden: ${reasons.join('; ')}`;
}

/**
 * Adds the access rules to the generated document from the route policy table, so the two cannot
 * disagree: the bearer scheme, each operation's `security` (empty for open endpoints), 401/403/429
 * with their headers, and the RateLimit headers on metered answers.
 */
export function documentAccess<D extends object>(
  generated: D,
  rateLimits?: Readonly<Record<Tier, ShortWindowLimits>>,
): D {
  const copy = structuredClone(generated);
  const document = copy as Document;
  document.components ??= {};
  document.components.securitySchemes = {
    bearerAuth: {
      type: 'http',
      scheme: 'bearer',
      description:
        'An API key, `eids_<id>_<secret>`, sent as `Authorization: Bearer <key>`. Keys are issued with `npm run keys -- create`.',
    },
  };
  for (const [template, operations] of Object.entries(document.paths ?? {})) {
    const policy = policyFor(probePath(template));
    for (const operation of Object.values(operations)) {
      if (!policy.key) {
        operation.security = [];
        continue;
      }
      operation.security = [{ bearerAuth: [] }];
      const responses = (operation.responses ??= {});
      if (policy.metered) {
        for (const [status, response] of Object.entries(responses)) {
          if (/^[23]/.test(status)) response.headers = { ...response.headers, ...RATE_LIMIT_HEADERS };
        }
      }
      responses['401'] = {
        description:
          'Missing, malformed, unknown or revoked API key. Carries `WWW-Authenticate: Bearer realm="eids"` (with `error="invalid_request"` or `error="invalid_token"`).',
        headers: { 'WWW-Authenticate': { schema: { type: 'string' } } },
        content: problem,
      };
      // A route's own 403 text says why it refuses; the default one means the plan's lookback.
      const own = responses['403']?.description;
      responses['403'] = {
        description: forbiddenText(
          policy,
          own === PROBLEM_DESCRIPTIONS[403] ? 'the plan does not reach the request' : own,
        ),
        content: problem,
      };
      if (policy.metered) {
        responses['429'] = {
          description: tooManyText(rateLimits),
          headers: {
            ...RATE_LIMIT_HEADERS,
            'Retry-After': integer('Whole seconds until the policy that refused resets.'),
          },
          content: problem,
        };
      }
    }
  }
  return copy;
}
