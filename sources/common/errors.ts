/**
 * Thrown by a parser when a body is not a document of its format (an HTML error page served
 * with 200, an empty body, truncated JSON…). The poll is then bad: the feed turns degraded and
 * nothing is retracted. Activities turn it into a non-retryable ApplicationFailure.
 */
export class MalformedFeedError extends Error {
  override readonly name = 'MalformedFeedError';
}
