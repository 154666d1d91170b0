import { suburbReader } from '../common/address.js';
import type { EventType, IncidentDetails, IncidentStatus, WarningLevel } from '../../model/index.js';
import { firstHref, plainText } from '../common/html.js';
import { withoutUndefined } from '../common/values.js';
import { FALLBACK, lookup } from '../common/vocabulary.js';
import { statusOf, warningLevelOf } from './rfs-vocabulary.js';

/**
 * The NSW RFS incident description, as the GeoRSS (majorIncidents.xml, 2013) and CAP
 * (majorIncidentsCAP.xml, 2011–2014) feeds write it: `KEY: value` lines joined by `<br />` (GeoRSS,
 * CAP 2011, escaped in CAP) or by newlines (CAP 2014). Parsed by known keys (FEEDS.md section 10.1):
 * values hold colons (UPDATED), and a line that starts with no key continues the previous value
 * (multi-line LOCATIONs, the text of a MAJOR FIRE UPDATE, "(Note: location on map is approximate…)").
 * The `MAJOR FIRE UPDATE AS AT <date>:` key has a date in it and an `<a href>` in its value.
 */

export const RFS_DESCRIPTION_KEYS = [
  'ALERT LEVEL',
  'LOCATION',
  'COUNCIL AREA',
  'STATUS',
  'TYPE',
  'FIRE',
  'SIZE',
  'RESPONSIBLE AGENCY',
  'UPDATED',
] as const;
export type RfsDescriptionKey = (typeof RFS_DESCRIPTION_KEYS)[number];

export interface RfsDescription {
  fields: Partial<Record<RfsDescriptionKey, string>>;
  majorFireUpdateUrl?: string;
  /** One line per key (continuations joined with a space), as plain text, joined by "\n". */
  text: string;
}

const SEGMENT_BREAK = /<br\s*\/?>|\r?\n|\r/i;
const KEY_LINE = new RegExp(`^(${RFS_DESCRIPTION_KEYS.join('|')})\\s*:(.*)$`, 'is');
/** The key ends at the first colon not followed by a digit ("AS AT 10 Nov 2013 18:33:", "…12:15PM:"). */
const MAJOR_FIRE_UPDATE_LINE = /^MAJOR FIRE UPDATE AS AT\s+.+?:(?!\d)(.*)$/is;

interface Line {
  key?: RfsDescriptionKey | 'MAJOR FIRE UPDATE';
  label: string;
  value: string;
}

export function readRfsDescription(html: string): RfsDescription {
  const lines: Line[] = [];
  for (const rawSegment of html.split(SEGMENT_BREAK)) {
    const segment = rawSegment.trim();
    if (segment === '') continue;
    const keyed = KEY_LINE.exec(segment);
    if (keyed) {
      const key = keyed[1]?.toUpperCase() as RfsDescriptionKey;
      lines.push({ key, label: `${key}:`, value: keyed[2] ?? '' });
      continue;
    }
    const update = MAJOR_FIRE_UPDATE_LINE.exec(segment);
    if (update) {
      const label = segment.slice(0, segment.length - (update[1] ?? '').length);
      lines.push({ key: 'MAJOR FIRE UPDATE', label, value: update[1] ?? '' });
      continue;
    }
    const previous = lines.at(-1);
    if (previous) previous.value += `\n${segment}`;
    else lines.push({ label: '', value: segment });
  }

  const description: RfsDescription = { fields: {}, text: '' };
  const textLines: string[] = [];
  for (const { key, label, value } of lines) {
    const plain = plainText(value);
    const line = plainText(`${label} ${plain}`);
    if (line) textLines.push(line);
    if (key === 'MAJOR FIRE UPDATE') {
      const href = firstHref(value);
      if (href) description.majorFireUpdateUrl ??= href;
    } else if (key) {
      description.fields[key] ??= plain;
    }
  }
  description.text = textLines.join('\n');
  return description;
}

const nswSuburbOf = suburbReader({ state: 'NSW' });

/**
 * Best effort (common/address.ts), also without the "(Note: location on map is approximate…)" the
 * older feeds append; a grid reference ("GR 123 456") is no suburb.
 */
export function rfsSuburbOf(location: string): string {
  const suburb = nswSuburbOf(location.replace(/\s*\(Note:[^)]*\)\s*$/i, ''));
  return /^GR\b/i.test(suburb) ? '' : suburb;
}

/** `Yes`/`No` → boolean; anything else undefined. */
export function rfsYesNo(value: string | undefined): boolean | undefined {
  const normalised = value?.trim().toLowerCase();
  return normalised === 'yes' ? true : normalised === 'no' ? false : undefined;
}

/** The trailing integer of an RFS guid or CAP identifier: `tag:www.rfs.nsw.gov.au,2013-11-11:82338` → `82338`. */
export function rfsIncidentNumber(value: string | undefined): string | undefined {
  return value?.trim().match(/(?:^|[:/,])(\d+)\/?$/)?.[1];
}

export interface RfsReadingInput {
  description: RfsDescription;
  /** The record's `category` (the alert level); ALERT LEVEL stands in when it is absent. */
  category: string | undefined;
  feedId: string;
  guid: string | undefined;
  link: string | undefined;
  /** The TYPE vocabulary: the current one, or the one with the 2011–2014 spellings. */
  eventTypeOf: (type: string) => EventType | undefined;
  report: (field: string, value: string) => void;
}

export interface RfsReading {
  eventType: EventType;
  status: IncidentStatus;
  warningLevel: WarningLevel;
  details: IncidentDetails;
}

/**
 * The vocabulary and details of an RFS incident, as majorIncidents.json and the GeoRSS feed carry them.
 * Unknown values are reported as category, type, status and fire.
 */
export function readRfsIncident(input: RfsReadingInput): RfsReading {
  const { description, report } = input;
  const { fields } = description;
  // Missing category → ALERT LEVEL; neither → '' which means no warning.
  const alertLevel = input.category ?? fields['ALERT LEVEL'] ?? '';
  const warningLevel = lookup(report, 'category', alertLevel, warningLevelOf, FALLBACK.warningLevel);
  const eventType = lookup(report, 'type', fields.TYPE ?? '', input.eventTypeOf, FALLBACK.eventType);
  const status = lookup(report, 'status', fields.STATUS ?? '', statusOf, FALLBACK.status);
  const fire = rfsYesNo(fields.FIRE);
  if (fields.FIRE !== undefined && fire === undefined) report('fire', fields.FIRE);
  const details = withoutUndefined({
    description: description.text,
    size: fields.SIZE,
    fire,
    responsible_agency: fields['RESPONSIBLE AGENCY'],
    alert_level: alertLevel || undefined,
    type: fields.TYPE,
    status_raw: fields.STATUS,
    major_fire_update_url: description.majorFireUpdateUrl,
    source_id: input.feedId,
    source_url: input.link,
    guid: input.guid,
  });
  return { eventType, status, warningLevel, details };
}
