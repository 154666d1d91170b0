import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { PROBLEM_CONTENT_TYPE, problemResponse, problems } from './problem.js';
import type { AppEnv } from './env.js';

interface HookResult {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}

/** Request validation failures become one 400 problem naming every bad parameter. */
export function validationHook(result: HookResult, c: Context<AppEnv>): Response | undefined {
  if (result.success || !result.error) return undefined;
  const errors = result.error.issues.map((issue) => ({
    parameter: issue.path.map(String).join('.'),
    detail: issue.message,
  }));
  return problemResponse(c, problems.invalidParameter(errors.map((e) => e.detail).join('; '), errors));
}

const ProblemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    instance: z.string().optional(),
    requestId: z.string().optional(),
  })
  .openapi('Problem');

/** The default description of each problem status. */
export const PROBLEM_DESCRIPTIONS: Readonly<Record<number, string>> = {
  400: 'Invalid parameters',
  401: 'Missing or invalid API key',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  429: 'Quota exceeded',
  503: 'Unavailable',
};

/** The 304 of data routes that honour If-None-Match / If-Modified-Since. */
export const notModifiedResponse = {
  304: {
    description:
      'Not Modified: If-None-Match names what the answer still holds (the ETag leaves out generatedAt and fetched), or If-Modified-Since is not older than the serving generation.',
  },
} as const;

/** An OpenAPI answer in JSON: its description and its schema. */
export function jsonResponse<const S extends z.ZodType>(description: string, schema: S) {
  return { description, content: { 'application/json': { schema } } };
}

/** A required JSON request body of an OpenAPI route. */
export function jsonBody<const S extends z.ZodType>(schema: S) {
  return { required: true, content: { 'application/json': { schema } } };
}

/** OpenAPI response entries for the problem statuses a route can answer. */
export function problemResponses<const S extends number>(...statuses: S[]) {
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      {
        description: PROBLEM_DESCRIPTIONS[status] ?? 'Error',
        content: { [PROBLEM_CONTENT_TYPE]: { schema: ProblemSchema } },
      },
    ]),
  ) as Record<
    S,
    { description: string; content: { [PROBLEM_CONTENT_TYPE]: { schema: typeof ProblemSchema } } }
  >;
}
