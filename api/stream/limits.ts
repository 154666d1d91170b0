/** The change stream's bounds in time and size, each stated once (docs/api.md: the change stream). */

/** How far back `Last-Event-ID` may reach: older ids get a `reset`. */
export const RESUME_WINDOW_MS = 24 * 60 * 60 * 1000;
export const RESUME_WINDOW_HOURS = RESUME_WINDOW_MS / 3_600_000;

/** A comment (with the stream's position) on every connection this often, so proxies keep it open. */
export const KEEP_ALIVE_MS = 15_000;

/**
 * Gauges going stale are found on the clock, not in a generation: they are sent once this long has
 * passed, so that a generation published before that instant has been loaded and sent first.
 */
export const STALE_MARGIN_MS = 30_000;

/**
 * Bytes a stream may have written and its client not yet taken. Past this the client is not reading
 * (or reads slower than changes come): it gets a `reset` naming where it stands, the stream ends, and
 * it resumes from there. Batches are shared between streams, so this bounds time behind, not memory.
 */
export const MAX_UNSENT_BYTES = 1024 * 1024;

/** How long a stream that was ended may take to send its last bytes before its socket is cut. */
export const CLOSE_GRACE_MS = 30_000;

/**
 * Streams one API process holds unless STREAM_CAPACITY says otherwise; past it a stream is refused
 * with 503 and Retry-After, so a load balancer places it on another replica.
 */
export const DEFAULT_STREAM_CAPACITY = 20_000;

/** The Retry-After of a stream refused for capacity: soon, and likely elsewhere. */
export const STREAM_RETRY_AFTER_SECONDS = 5;
