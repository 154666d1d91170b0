import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';
import { expect } from 'vitest';

interface OpenApiDocument {
  paths: Record<
    string,
    Record<string, { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }>
  >;
  components?: Record<string, unknown>;
}

/**
 * Checks responses against the service's own OpenAPI document: the path template, method, status and
 * media type must be described, and a JSON body must match its schema (JSON Schema 2020-12).
 */
export class ResponseValidator {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly cache = new Map<string, ValidateFunction>();

  constructor(private readonly document: OpenApiDocument) {
    (addFormats as unknown as (ajv: Ajv2020) => void)(this.ajv);
    this.ajv.addSchema({ $id: 'openapi', components: document.components ?? {} });
  }

  private templateFor(path: string): string {
    const candidates = Object.keys(this.document.paths).filter((template) => {
      const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
      return pattern.test(path);
    });
    // A literal path beats a template (`/v1/incidents/nearby` over `/v1/incidents/{id}`).
    const template = candidates.sort((a, b) => a.split('{').length - b.split('{').length)[0];
    if (!template) throw new Error(`${path} is not in the OpenAPI document`);
    return template;
  }

  async check(method: string, url: string, response: Response): Promise<void> {
    const path = new URL(url, 'http://localhost').pathname;
    const template = this.templateFor(path);
    const status = String(response.status);
    const described = this.document.paths[template]?.[method.toLowerCase()]?.responses?.[status];
    expect(described, `${method} ${template} ${status} is described`).toBeDefined();
    if (response.status === 304) return;
    const mediaType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
    const content = described?.content?.[mediaType];
    expect(content, `${method} ${template} ${status} ${mediaType} is described`).toBeDefined();
    // A byte range of a document is not a document.
    if (!mediaType.endsWith('json') || response.status === 206) return;
    const key = `${template} ${method} ${status} ${mediaType}`;
    let validate = this.cache.get(key);
    if (!validate) {
      const schema = JSON.parse(
        JSON.stringify(content?.schema ?? {}).replaceAll('"#/components/', '"openapi#/components/'),
      ) as object;
      validate = this.ajv.compile(schema);
      this.cache.set(key, validate);
    }
    const encoding = response.headers.get('content-encoding');
    const copy = response.clone();
    const raw =
      encoding === 'gzip' || encoding === 'deflate'
        ? new Response(copy.body!.pipeThrough(new DecompressionStream(encoding)))
        : copy;
    const body: unknown = await raw.json();
    expect(validate(body) ? [] : validate.errors, `${key} body matches its schema`).toEqual([]);
  }
}

/**
 * Checks every event streams received against the document's `x-stream-events` on GET /v1/stream:
 * each event type is listed there, and its data matches the schema it names. Returns how many were
 * checked, by event type.
 */
export async function expectStreamEventsMatchDocument(
  baseUrl: string,
  events: readonly { event: string; data: string }[],
): Promise<Record<string, number>> {
  const document = (await (await fetch(`${baseUrl}/v1/openapi.json`)).json()) as OpenApiDocument & {
    paths: Record<string, Record<string, { 'x-stream-events'?: Record<string, { $ref: string }> }>>;
  };
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  (addFormats as unknown as (ajv: Ajv2020) => void)(ajv);
  ajv.addSchema({ $id: 'openapi', components: document.components ?? {} });
  const schemas = document.paths['/v1/stream']?.get?.['x-stream-events'] ?? {};
  const counts: Record<string, number> = {};
  for (const { event, data } of events) {
    const schema = schemas[event];
    expect(schema, `event ${event} is in x-stream-events`).toBeDefined();
    const validate = ajv.getSchema(`openapi${schema!.$ref}`)!;
    expect(validate(JSON.parse(data)) ? [] : validate.errors, `${event}: ${data.slice(0, 200)}`).toEqual([]);
    counts[event] = (counts[event] ?? 0) + 1;
  }
  return counts;
}
