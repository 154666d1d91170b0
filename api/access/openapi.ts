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
  'RateLimit-Limit': integer('Requests the key may make this calendar month (UTC).'),
  'RateLimit-Remaining': integer('Requests left this month, after this one.'),
  'RateLimit-Reset': integer('Seconds until the monthly quota resets (the next month, 00:00 UTC).'),
  'RateLimit-Policy': {
    description:
      'The quota policy, per draft-ietf-httpapi-ratelimit-headers: `"monthly";q=<limit>;w=<seconds in the month>`.',
    schema: { type: 'string' },
  },
  RateLimit: {
    description:
      'The current quota state, per draft-ietf-httpapi-ratelimit-headers: `"monthly";r=<remaining>;t=<reset>`.',
    schema: { type: 'string' },
  },
};

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
export function documentAccess<D extends object>(generated: D): D {
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
          description: 'Monthly quota exceeded (quota-exceeded).',
          headers: {
            ...RATE_LIMIT_HEADERS,
            'Retry-After': integer('Seconds until the monthly quota resets.'),
          },
          content: problem,
        };
      }
    }
  }
  return copy;
}
