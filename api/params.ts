import { z } from '@hono/zod-openapi';

/**
 * Query-parameter schemas shared by the route groups; each error names its parameter and what it
 * allows, and each states the same rule in the OpenAPI document (minimum and maximum, a pattern for a
 * list, a format), from the same arguments, so the two cannot drift.
 */

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A pattern for a comma-separated list of `allowed` values (the server also trims blanks around items). */
export function listPattern(allowed: readonly string[]): string {
  const item = `(?:${allowed.map(escapeRegExp).join('|')})`;
  return `^${item}(?:,${item})*$`;
}

export function csvEnum<const T extends readonly [string, ...string[]]>(name: string, allowed: T) {
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw.trim() === '') return undefined;
      const items = [
        ...new Set(
          raw
            .split(',')
            .map((item) => item.trim())
            .filter((item) => item !== ''),
        ),
      ];
      const isAllowed = (item: string): item is T[number] => (allowed as readonly string[]).includes(item);
      const unknown = items.filter((item) => !isAllowed(item));
      if (unknown.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `${name}: unknown value${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}; allowed: ${allowed.join(', ')}`,
        });
        return z.NEVER;
      }
      return items.filter(isAllowed);
    })
    .openapi({
      param: { name, in: 'query', style: 'form', explode: false },
      type: 'string',
      pattern: listPattern(allowed),
      description: `Comma-separated values of: ${allowed.join(', ')}`,
    });
}

export function csvString(name: string, description: string) {
  return z
    .string()
    .optional()
    .transform((raw) => {
      if (raw === undefined) return undefined;
      const items = [
        ...new Set(
          raw
            .split(',')
            .map((item) => item.trim().toLowerCase())
            .filter((item) => item !== ''),
        ),
      ];
      return items.length > 0 ? items : undefined;
    })
    .openapi({ param: { name, in: 'query' }, type: 'string', description });
}

export function booleanParam(name: string, description: string) {
  return z
    .enum(['true', 'false', '1', '0'], { message: `${name}: must be true or false` })
    .optional()
    .transform((raw) => raw === 'true' || raw === '1')
    .openapi({ param: { name, in: 'query' }, description });
}

/**
 * The opaque paging token a page hands back for the next one (`cursor`, or its alias `after`). Empty
 * is absent: a client that fills the parameter in from an empty field gets the first page.
 */
export function cursorParam(description: string, name: 'cursor' | 'after' = 'cursor') {
  return z
    .string()
    .optional()
    .transform((raw) => (raw === '' ? undefined : raw))
    .openapi({ param: { name, in: 'query' }, type: 'string', description });
}

export function limitParam(
  name: string,
  { min, max, fallback }: { min: number; max: number; fallback: number },
) {
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw === '') return fallback;
      const value = /^\d+$/.test(raw) ? Number(raw) : NaN;
      if (!Number.isInteger(value) || value < min || value > max) {
        ctx.addIssue({
          code: 'custom',
          message: `${name}: must be an integer from ${min} to ${max} (got ${raw})`,
        });
        return z.NEVER;
      }
      return value;
    })
    .openapi({
      param: { name, in: 'query' },
      type: 'integer',
      minimum: min,
      maximum: max,
      default: fallback,
      description: `Page size, ${min}–${max} (default ${fallback}); above ${max} is an error, not clamped.`,
    });
}

export interface BoundingBox {
  minLon: number;
  minLat: number;
  maxLon: number;
  maxLat: number;
}

const DEGREES = '-?(?:\\d+(?:\\.\\d*)?|\\.\\d+)';
/** Four decimal numbers, comma-separated: the shape of a bbox (its ranges are in the description). */
const BBOX_PATTERN = `^${DEGREES}(?:,${DEGREES}){3}$`;

export function bboxParam(name: string) {
  return z
    .string()
    .optional()
    .transform((raw, ctx): BoundingBox | undefined => {
      if (raw === undefined || raw === '') return undefined;
      const parts = raw.split(',').map((part) => (part.trim() === '' ? NaN : Number(part)));
      const [minLon, minLat, maxLon, maxLat] = parts;
      const valid =
        parts.length === 4 &&
        parts.every(Number.isFinite) &&
        minLon !== undefined &&
        minLat !== undefined &&
        maxLon !== undefined &&
        maxLat !== undefined &&
        minLon >= -180 &&
        maxLon <= 180 &&
        minLat >= -90 &&
        maxLat <= 90 &&
        minLon <= maxLon &&
        minLat <= maxLat;
      if (!valid) {
        ctx.addIssue({
          code: 'custom',
          message: `${name}: must be minLon,minLat,maxLon,maxLat in degrees with min ≤ max`,
        });
        return z.NEVER;
      }
      return { minLon, minLat, maxLon, maxLat };
    })
    .openapi({
      param: { name, in: 'query' },
      type: 'string',
      pattern: BBOX_PATTERN,
      description:
        'minLon,minLat,maxLon,maxLat in degrees: longitudes from -180 to 180, latitudes from -90 to 90, each min at most its max (checked by the server; a pattern cannot say it).',
      example: '149.0,-36.0,151.5,-33.0',
    });
}

/**
 * An ISO 8601 date-time with an offset or Z. An unencoded `+` in a query string arrives as a space
 * (`…T10:00:00+11:00` reads `…T10:00:00 11:00`), so when the value has a space where its offset would
 * be, the message says to send `%2B`.
 */
export function dateTimeParam(
  name: string,
  what = `${name}: must be an ISO 8601 date-time with an offset or Z`,
) {
  return z.iso.datetime({ offset: true, error: (issue) => `${what}${plusSentAsSpaceHint(issue.input)}` });
}

/** The `+` hint for a date-time whose offset sign arrived as a space; empty for any other value. */
export function plusSentAsSpaceHint(value: unknown): string {
  if (typeof value !== 'string') return '';
  const match = /^(.*T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?) (\d{2}(?::?\d{2})?)$/.exec(value.trim());
  if (!match) return '';
  return ` (got ${value}: a + in a query string arrives as a space, so send the offset's + as %2B, e.g. ${match[1]}%2B${match[2]})`;
}

/** A query value as a number within [min, max], or an issue naming what arrived (blank is no number). */
const numberWithin =
  (name: string, { min, max }: { min: number; max: number }) =>
  (raw: string, ctx: z.RefinementCtx): number => {
    const value = raw.trim() === '' ? NaN : Number(raw);
    if (Number.isFinite(value) && value >= min && value <= max) return value;
    ctx.addIssue({ code: 'custom', message: `${name}: must be a number from ${min} to ${max} (got ${raw})` });
    return z.NEVER;
  };

/** A required number within [min, max]. */
export function numberParam(name: string, range: { min: number; max: number }, description: string) {
  return z
    .string({ message: `${name}: required` })
    .transform(numberWithin(name, range))
    .openapi({
      param: { name, in: 'query', required: true },
      type: 'number',
      minimum: range.min,
      maximum: range.max,
      description,
    });
}

/** An optional number within [min, max]; an empty value is absent. */
export function optionalNumberParam(name: string, range: { min: number; max: number }, description: string) {
  return z
    .string()
    .optional()
    .transform((raw, ctx) =>
      raw === undefined || raw.trim() === '' ? undefined : numberWithin(name, range)(raw, ctx),
    )
    .openapi({
      param: { name, in: 'query' },
      type: 'number',
      minimum: range.min,
      maximum: range.max,
      description,
    });
}
