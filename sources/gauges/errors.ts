/**
 * Why a gauge document could not be read.
 * - `malformed`: the body is not a document of the format (empty, an HTML page, truncated JSON, a
 *   help text). The poll is bad and retrying the same request will not help.
 * - `upstream`: a well-formed document in which the service reports an error of its own (Hydstra's
 *   `error_num`, AQUARIUS's `ResponseStatus`, KiWIS's error object), often served with HTTP 200.
 * "No data for the period" is not an error: parsers return an empty result for it.
 */
export type GaugeSourceErrorKind = 'malformed' | 'upstream';

export class GaugeSourceError extends Error {
  override readonly name = 'GaugeSourceError';

  constructor(
    readonly kind: GaugeSourceErrorKind,
    message: string,
    /** The service's own error code, when it gave one. */
    readonly upstreamCode?: string,
  ) {
    super(message);
  }
}

export const malformed = (format: string, detail: string): GaugeSourceError =>
  new GaugeSourceError('malformed', `${format}: ${detail}`);
