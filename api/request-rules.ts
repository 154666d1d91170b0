import { closest, distance } from 'fastest-levenshtein';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './env.js';
import { PROBLEM_CONTENT_TYPE, ProblemError } from './problem.js';
import { answeringRoute } from './route-template.js';

/**
 * Query parameters every operation tolerates and ignores: `_`, the cache-buster some HTTP clients
 * (jQuery, proxies' "no cache" modes) add on their own.
 */
export const TOLERATED_PARAMETERS: ReadonlySet<string> = new Set(['_']);

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  allowEmptyValue?: boolean;
}
interface Operation {
  parameters?: Parameter[];
  responses?: Record<string, unknown>;
}
interface Document {
  info?: { description?: string };
  paths?: Record<string, Record<string, Operation>>;
}

/** The query parameters each documented operation takes, by `METHOD template`. */
export type DeclaredParameters = ReadonlyMap<string, readonly string[]>;

export function declaredParameters(document: object): DeclaredParameters {
  const declared = new Map<string, string[]>();
  for (const [template, operations] of Object.entries((document as Document).paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      const names = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      declared.set(`${method.toUpperCase()} ${template}`, names);
    }
  }
  return declared;
}

/** A Hono route path as the document writes it: `/v1/exports/lake/:path{.+}` → `/v1/exports/lake/{path}`. */
export function documentTemplate(route: string): string {
  return route.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}');
}

/** The declared name a misspelt one most likely meant: same letters in another case, or two edits away. */
export function likelyMeant(name: string, declared: readonly string[]): string | undefined {
  if (declared.length === 0) return undefined;
  const lower = name.toLowerCase();
  const nearest = closest(
    lower,
    declared.map((candidate) => candidate.toLowerCase()),
  );
  const meant = declared.find((candidate) => candidate.toLowerCase() === nearest);
  return meant !== undefined && distance(lower, nearest) <= Math.max(2, Math.floor(name.length / 4))
    ? meant
    : undefined;
}

function unknownParameter(name: string, declared: readonly string[]): ProblemError {
  const meant = likelyMeant(name, declared);
  const known = declared.length > 0 ? `it takes ${declared.join(', ')}` : 'it takes no query parameters';
  const detail = `unknown parameter \`${name}\`${meant ? `; did you mean \`${meant}\`?` : ''} (${known})`;
  return new ProblemError(400, 'unknown-parameter', 'Unknown query parameter', detail, {
    errors: [{ parameter: name, detail }],
    ...(meant ? { didYouMean: meant } : {}),
  });
}

/**
 * Refuses a query parameter the request's operation does not declare (400 `unknown-parameter`, naming
 * the closest declared one): a misspelt filter (`?stat=nsw`) would otherwise be ignored and answer every
 * incident. Operations come from the OpenAPI document, so the rule and the document cannot disagree;
 * routes outside it (the pages) are left alone.
 */
export function declaredParametersOnly(declared: () => DeclaredParameters): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const names = declaredFor(c, declared());
    if (names) {
      const url = new URL(c.req.url);
      for (const name of url.searchParams.keys()) {
        if (!names.includes(name) && !TOLERATED_PARAMETERS.has(name)) throw unknownParameter(name, names);
      }
      leaveOutEmptyValues(c, url);
    }
    await next();
  };
}

/**
 * A query parameter sent empty (`?state=`, as a form or a template with nothing chosen sends it) is
 * the parameter left out, on every operation: the routes read the request without it, so each
 * parameter's own rule never sees an empty value (`allowEmptyValue` in the document says so). Only a
 * request without a body is rewritten (every operation with query parameters is one).
 */
function leaveOutEmptyValues(c: Context<AppEnv>, url: URL): void {
  const empty = [...url.searchParams].filter(([, value]) => value === '').map(([name]) => name);
  if (empty.length === 0 || c.req.raw.body !== null) return;
  for (const name of new Set(empty)) {
    const kept = url.searchParams.getAll(name).filter((value) => value !== '');
    url.searchParams.delete(name);
    for (const value of kept) url.searchParams.append(name, value);
  }
  const { method, headers, signal } = c.req.raw;
  c.req.raw = new Request(url, { method, headers, signal });
}

function declaredFor(c: Context<AppEnv>, declared: DeclaredParameters): readonly string[] | undefined {
  const route = answeringRoute(c);
  const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
  return route === undefined ? undefined : declared.get(`${method} ${documentTemplate(route)}`);
}

const problem = { [PROBLEM_CONTENT_TYPE]: { schema: { $ref: '#/components/schemas/Problem' } } };

/**
 * States the request rules in the document: the 400 for an undeclared parameter on every operation,
 * the 431 every route can answer, and the 405 for a method a path does not declare (which no operation
 * can carry, so the document's description says it).
 */
export function documentRequestRules<D extends object>(generated: D): D {
  const document = structuredClone(generated) as Document;
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === 'query' && !parameter.required) parameter.allowEmptyValue = true;
      }
      const responses = (operation.responses ??= {});
      responses['400'] ??= {
        description: 'A query parameter the operation does not declare (unknown-parameter).',
        content: problem,
      };
      responses['431'] = {
        description: 'Request header fields too large (over 16 KiB in all).',
        content: problem,
      };
    }
  }
  document.info = {
    ...document.info,
    description: [
      document.info?.description,
      `A query parameter an operation does not declare is refused with 400 \`unknown-parameter\`, naming the closest declared one; \`${[...TOLERATED_PARAMETERS].join('`, `')}\` (a cache-buster) is tolerated and ignored.`,
      'A query parameter sent with an empty value (`?state=`) is the parameter left out (`allowEmptyValue`).',
      'A method a path does not declare is answered 405 `method-not-allowed` with `Allow` listing the methods it does (RFC 9110 §15.5.6).',
    ]
      .filter(Boolean)
      .join('\n\n'),
  };
  return document as D;
}

interface Route {
  method: string;
  path: string;
}

/** A Hono route path as a pattern over request paths: `:id` one segment, `:path{.+}` its own pattern. */
function routePattern(path: string): RegExp {
  const source = path
    .split(/(:\w+(?:\{[^}]*\})?|\*)/)
    .map((part) => {
      if (part === '*') return '.*';
      const parameter = /^:\w+(?:\{([^}]*)\})?$/.exec(part);
      if (parameter) return `(?:${parameter[1] ?? '[^/]+'})`;
      return part.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${source}/?$`);
}

/**
 * The methods the app answers on a path, from its routes (middleware, registered for every method,
 * left out); GET brings HEAD. Empty for a path no route serves.
 */
export function allowedMethods(routes: readonly Route[]): (path: string) => string[] {
  const byPath = new Map<string, Set<string>>();
  for (const { method, path } of routes) {
    if (method === 'ALL') continue;
    const methods = byPath.get(path) ?? new Set<string>();
    methods.add(method);
    if (method === 'GET') methods.add('HEAD');
    byPath.set(path, methods);
  }
  const patterns = [...byPath].map(([path, methods]) => ({ pattern: routePattern(path), methods }));
  return (path) => {
    const allowed = new Set<string>();
    for (const { pattern, methods } of patterns) {
      if (pattern.test(path)) for (const method of methods) allowed.add(method);
    }
    return [...allowed].sort();
  };
}

/** 405 for a path the app serves with other methods, carrying `Allow` (RFC 9110 §15.5.6). */
export function methodNotAllowed(method: string, allowed: readonly string[]): ProblemError {
  return new ProblemError(
    405,
    'method-not-allowed',
    'Method Not Allowed',
    `${method} is not a method of this resource; it answers ${allowed.join(', ')}.`,
    {},
    { allow: allowed.join(', ') },
  );
}
