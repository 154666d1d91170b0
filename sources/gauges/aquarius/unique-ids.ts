import { asRecord, textOf } from '../json-body.js';
import { normaliseInstant } from '../../../model/time/fixed-offset.js';
import { AQUARIUS_FORMAT, aquariusResponse, arrayMember } from './envelope.js';
import { malformed } from '../errors.js';

/**
 * `GetTimeSeriesUniqueIdList?ChangesSinceToken=…`: the incremental poll. It lists the series changed
 * since the token (with the first changed point), and `NextToken` to send next time. `TokenExpired`
 * true means the server no longer knows the token: the caller must fall back to a full poll.
 */

export interface AquariusChange {
  uniqueId: string;
  /** The earliest point that changed; null when only attributes changed or the server does not say. */
  firstPointChanged: string | null;
  attributesChanged: boolean;
}

export interface AquariusChanges {
  nextToken: string | null;
  tokenExpired: boolean;
  changes: AquariusChange[];
}

const OPERATION = 'GetTimeSeriesUniqueIdList';

export function parseAquariusUniqueIds(body: Uint8Array | string): AquariusChanges {
  const document = aquariusResponse(body, OPERATION);
  const changes = arrayMember(document, 'TimeSeriesUniqueIds', OPERATION).map((item): AquariusChange => {
    const entry = asRecord(item) ?? {};
    const uniqueId = textOf(entry.UniqueId);
    if (uniqueId === undefined)
      throw malformed(`${AQUARIUS_FORMAT} ${OPERATION}`, 'an entry has no UniqueId');
    const first = textOf(entry.FirstPointChanged);
    return {
      uniqueId,
      firstPointChanged: first === undefined ? null : (normaliseInstant(first) ?? null),
      attributesChanged: entry.HasAttributeChange === true,
    };
  });
  // NextToken is kept verbatim: the server expects back exactly what it sent.
  return {
    nextToken: textOf(document.NextToken) ?? null,
    tokenExpired: document.TokenExpired === true,
    changes,
  };
}
