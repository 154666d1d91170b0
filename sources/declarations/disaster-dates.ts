import { DateTime } from 'luxon';

const MONTH =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const DASH = '\\s*(?:[–—-]|to)\\s*';
/** `8 – 18 December 2023`, `5 February – 6 February 2024`, `28 December 2023 – 2 January 2024`. */
const RANGE = new RegExp(
  `(\\d{1,2})(?:\\s+${MONTH})?(?:\\s+(\\d{4}))?${DASH}\\d{1,2}\\s+${MONTH}\\s+(\\d{4})`,
  'i',
);
/** `from 04 June 2024 onward`, `Severe Storm - 19 April 2022`. */
const SINGLE = new RegExp(`(\\d{1,2})(?:st|nd|rd|th)?\\s+${MONTH},?\\s+(\\d{4})`, 'i');

function isoDate(day: string, month: string, year: string): string | undefined {
  const date = DateTime.fromFormat(`${day} ${month.slice(0, 3)} ${year}`, 'd MMM yyyy', { zone: 'utc' });
  return date.isValid ? (date.toISODate() ?? undefined) : undefined;
}

/**
 * The start date written in a disaster's name. NSW names carry the event's dates ("… 8 – 18 December
 * 2023", "… from 27 June 2022 onwards"); the first date is the start. The last date of a range is the
 * event's end, not the declaration's, so it is not returned.
 */
export function startDateInName(name: string): string | undefined {
  const range = RANGE.exec(name);
  if (range?.[1] && range[4] && range[5])
    return isoDate(range[1], range[2] ?? range[4], range[3] ?? range[5]);
  const single = SINGLE.exec(name);
  if (single?.[1] && single[2] && single[3]) return isoDate(single[1], single[2], single[3]);
  return undefined;
}
