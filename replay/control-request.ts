import { z } from 'zod';

/**
 * The body of a replay control request (`PUT /_replay/<feed path>`): `{"steps":[…]}` with the steps a
 * person can send as JSON. A `document` step without a body serves the feed's own document again;
 * `dynamic` steps are code, so only the server's own scripts have them.
 */
export type ControlStep =
  | { kind: 'document'; body?: string | undefined; contentType?: string | undefined }
  | { kind: 'status'; status: number; body?: string | undefined }
  | { kind: 'timeout'; ms: number }
  | { kind: 'malformed' }
  | { kind: 'empty' }
  | { kind: 'html-error' };

const STEP_SCHEMAS = {
  document: z.strictObject({
    kind: z.literal('document'),
    body: z.string().optional(),
    contentType: z.string().min(1).optional(),
  }),
  status: z.strictObject({
    kind: z.literal('status'),
    status: z.int().min(100).max(599),
    body: z.string().optional(),
  }),
  // Long enough to outlast any fetch time-out; short enough that a mistake does not hang a test.
  timeout: z.strictObject({ kind: z.literal('timeout'), ms: z.int().min(0).max(600_000) }),
  malformed: z.strictObject({ kind: z.literal('malformed') }),
  empty: z.strictObject({ kind: z.literal('empty') }),
  'html-error': z.strictObject({ kind: z.literal('html-error') }),
} as const;

export const CONTROL_STEP_KINDS = Object.keys(STEP_SCHEMAS) as (keyof typeof STEP_SCHEMAS)[];

const EXAMPLE = '{"steps":[{"kind":"status","status":500},{"kind":"document"}]}';

/** What is wrong with a control request, for the problem document's `detail`. */
export class ControlRequestError extends Error {
  override readonly name = 'ControlRequestError';
}

function isStepKind(kind: unknown): kind is keyof typeof STEP_SCHEMAS {
  return typeof kind === 'string' && Object.hasOwn(STEP_SCHEMAS, kind);
}

function issuesText(error: z.ZodError, at: string): string {
  return error.issues
    .map((issue) => `${[at, ...issue.path.map(String)].join('.')}: ${issue.message}`)
    .join('; ');
}

/** One step of the array, checked against its kind's fields. */
function parseStep(value: unknown, index: number): ControlStep {
  const at = `steps[${index}]`;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ControlRequestError(`${at} must be an object with a "kind"`);
  }
  const kind = (value as { kind?: unknown }).kind;
  if (!isStepKind(kind)) {
    throw new ControlRequestError(
      `${at}.kind: ${kind === undefined ? 'missing' : JSON.stringify(kind)} is not a step kind; one of ${CONTROL_STEP_KINDS.join(', ')}`,
    );
  }
  const parsed = STEP_SCHEMAS[kind].safeParse(value);
  if (!parsed.success) throw new ControlRequestError(issuesText(parsed.error, at));
  return parsed.data;
}

/** The steps of a control request's body text, or a ControlRequestError that says what is wrong. */
export function parseControlRequest(text: string): ControlStep[] {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ControlRequestError(`the body is not JSON (${reason}); send ${EXAMPLE}`);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ControlRequestError(`the body must be a JSON object, such as ${EXAMPLE}`);
  }
  const extra = Object.keys(body).filter((key) => key !== 'steps');
  if (extra.length > 0) {
    throw new ControlRequestError(
      `unknown field ${extra.map((key) => `"${key}"`).join(', ')}; send ${EXAMPLE}`,
    );
  }
  const steps = (body as { steps?: unknown }).steps;
  if (!Array.isArray(steps) || steps.length === 0) {
    throw new ControlRequestError(`"steps" must be a non-empty array, such as ${EXAMPLE}`);
  }
  return steps.map(parseStep);
}
