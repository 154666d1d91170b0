import { z } from '@hono/zod-openapi';
import { FEED_ERROR_KINDS } from '../model/index.js';

/**
 * The fields a poller's health shares, a feed's (/v1/states) and a gauge source's (/v1/gauges/sources)
 * alike, in two runs so each record keeps its own counts between them.
 */
export const pollTimesShape = {
  lastPolled: z.string().nullable(),
  lastSuccess: z.string().nullable(),
};

export const pollFailuresShape = {
  errorCount: z.number().int(),
  consecutiveFailures: z
    .number()
    .int()
    .openapi({ description: 'Failed polls in a row (3 or more: down); 0 after a good poll.' }),
  lastError: z
    .object({
      kind: z.enum(FEED_ERROR_KINDS).openapi({
        description:
          'What failed: dns, refused, timeout, tls, network (no HTTP answer); http-status; bad-body (malformed, empty or an HTML error page); too-large; retraction-guard (a poll that would retract too much, held back); upstream-error (a well-formed answer reporting an error of the service, often with HTTP 200); worker-timeout (no worker finished the poll in time); internal (a fault of the service); workflow-task (the poller is stuck: its workflow task fails, with the error); not-running (no poller runs for the feed).',
      }),
      message: z.string(),
    })
    .nullable()
    .openapi({ description: 'Why the last poll did not succeed; null when it did.' }),
  nextPoll: z
    .string()
    .nullable()
    .openapi({ description: 'When the poller polls next (sooner if woken); null before its first poll.' }),
};
