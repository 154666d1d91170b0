import { WEBHOOK_ATTEMPT_TIMEOUT_MS } from '../../channels/webhook/settings.js';
interface Document {
  paths?: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
  components?: { securitySchemes?: Record<string, unknown> };
}

/**
 * Adds the stream token to the access rules documentAccess wrote: GET /v1/stream takes the key, or a
 * stream token as `?token=` (the access gate's `keyFromRequest`).
 */
export function documentStreamToken<D extends object>(document: D): D {
  const copy = document as Document;
  copy.components ??= {};
  copy.components.securitySchemes = {
    ...copy.components.securitySchemes,
    streamToken: {
      type: 'apiKey',
      in: 'query',
      name: 'token',
      description:
        'A stream token from POST /v1/stream/tokens: opens GET /v1/stream, with the filters it was issued for, for 5 minutes.',
    },
  };
  const get = copy.paths?.['/v1/stream']?.get;
  if (get) get.security = [{ bearerAuth: [] }, { streamToken: [] }];
  return document;
}

/**
 * The webhook deliveries (OpenAPI 3.1 `webhooks`): each is a POST of one change document, the same
 * JSON as the stream event's data, signed per Standard Webhooks.
 */
export function documentWebhooks<D extends object>(document: D): D {
  const changes = ['IncidentChange', 'EventChange', 'GaugeChange'].map((name) => ({
    $ref: `#/components/schemas/${name}`,
  }));
  return {
    ...document,
    webhooks: {
      change: {
        post: {
          summary: 'One change, delivered to a subscription’s URL',
          description: `Sent for each change in the subscription’s area and types, with the Standard Webhooks headers \`webhook-id\` (the change id: the same on every attempt), \`webhook-timestamp\` and \`webhook-signature\` (HMAC-SHA256 with the subscription’s secret). Answer 2xx within ${WEBHOOK_ATTEMPT_TIMEOUT_MS / 1000} s; anything else is retried with backoff and shows in GET /v1/subscriptions/{id}/deliveries.`,
          requestBody: { required: true, content: { 'application/json': { schema: { oneOf: changes } } } },
          responses: { '200': { description: 'Taken (any 2xx).' } },
        },
      },
    },
  };
}
