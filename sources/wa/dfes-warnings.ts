import type { EventType, IncidentStatus, WarningLevel } from '../../model/index.js';
import { plainText } from '../common/html.js';
import type { RecordContext } from './dfes-shared.js';
import { eventTypeOf, FALLBACK, warningTypeOf } from './dfes-vocabulary.js';

/** What the WA warning formats share (legacy message.rss / message_warnings.json, v1 /warnings). */

export interface WarningMapping {
  warningLevel: WarningLevel;
  status: IncidentStatus;
  eventType: EventType;
}

/**
 * Level and status from the warning type ("Bushfire Watch and Act", "Storm - Take Action Now",
 * "All Clear"), or from `levelHints` (message.rss template sections) when the type names no level;
 * event type from the category when the feed gives one, else from the rest of the type ("Storm").
 * A type with no known level phrase is reported under `type.field`, an unknown category under
 * `category.field`, an unknown hazard in the type under `type.field`.
 */
export function mapWarning(
  context: RecordContext,
  type: { field: string; value: string },
  category?: { field: string; value: string | undefined },
  levelHints: readonly string[] = [],
): WarningMapping {
  const reading = warningTypeOf(type.value);
  const hinted = reading ? undefined : levelHints.map(warningTypeOf).find((hint) => hint !== undefined);
  const phase = reading ?? hinted;
  if (!phase) context.report(type.field, type.value);
  const hazard = reading ? reading.hazard : type.value;
  let eventType: EventType = FALLBACK.eventType;
  if (category?.value) {
    eventType = context.lookup(category.field, category.value, eventTypeOf, FALLBACK.eventType);
  } else if (hazard) {
    const known = eventTypeOf(hazard);
    // A type without a level has been reported whole already.
    if (known === undefined && phase) context.report(type.field, type.value);
    eventType = known ?? FALLBACK.eventType;
  }
  return {
    warningLevel: phase?.warningLevel ?? FALLBACK.warningLevel,
    status: phase?.status ?? FALLBACK.status,
    eventType,
  };
}

/** A legacy warning title, "Bushfire Advice for parts of BULLSBROOK in the CITY OF SWAN": head and place. */
export function splitWarningTitle(title: string): { head: string; place: string } {
  const at = title.search(/\s+for\s+/i);
  if (at < 0) return { head: title, place: '' };
  const place = title
    .slice(at)
    .replace(/^\s+for\s+/i, '')
    .trim()
    // "Evacuation Centre Advice for  in Kimberley": the place field was empty.
    .replace(/^in\s+/i, '');
  return { head: title.slice(0, at).trim(), place };
}

const LGA = /\b(?:shire|city|town|municipality) of\s+[a-z'’ -]+?(?=\s+and\s+|\s*[,.;)]|\s+in\s+|\s*$)/gi;

/** Every "SHIRE OF X" / "City of X" named in a text, in order, without repeats. */
export function lgasIn(text: string): string[] {
  return [...new Set([...text.matchAll(LGA)].map(([name]) => name.replace(/\s+/g, ' ').trim()))];
}

/** Readable text out of a DFES HTML body: comments and tags dropped, block ends turned into spaces. */
export function htmlText(html: string): string {
  return plainText(
    html.replace(/<!--[\s\S]*?-->/g, ' ').replace(/<br\s*\/?>|<\/(?:p|li|div|tr|td|ul|h\d)>/gi, ' '),
  );
}
