import { malformed } from './errors.js';

/** Plain-object view of a JSON value, or undefined when it is not an object. */
export function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** Text of a body: UTF-8, byte-order mark and leading white space removed. */
export function bodyText(body: Uint8Array | string): string {
  return (typeof body === 'string' ? body : new TextDecoder('utf-8').decode(body)).trimStart();
}

/**
 * A JSON document, or a `malformed` GaugeSourceError naming the format when the body is empty, an
 * HTML or XML page, plain text (KiWIS answers a request it cannot route with a help line) or invalid
 * JSON.
 */
export function readJson(body: Uint8Array | string, format: string): unknown {
  const text = bodyText(body);
  if (text === '') throw malformed(format, 'empty body');
  if (text.startsWith('<')) throw malformed(format, `got markup instead of JSON: ${snippet(text)}`);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'parse error';
    throw malformed(format, `not valid JSON (${reason}): ${snippet(text)}`);
  }
}

function snippet(text: string): string {
  return JSON.stringify(text.slice(0, 80));
}

/** A finite number from a JSON number or numeric text ("0.840"); undefined for "", "-", null, NaN. */
export function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (text === '') return undefined;
  const number = Number(text);
  return Number.isFinite(number) ? number : undefined;
}

/** Text of a JSON string or number, trimmed; undefined for anything else or an empty string. */
export function textOf(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  return text === '' ? undefined : text;
}
