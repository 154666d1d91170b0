import { RESUME_WINDOW_HOURS } from './limits.js';

/** Server-Sent Events frames the stream writes besides the changes (whose frames they carry). */

const encoder = new TextEncoder();

/** Frames joined into one chunk: a connection gets one write per batch, not one per change. */
export function joinedFrames(frames: readonly Uint8Array[]): Uint8Array {
  if (frames.length === 1) return frames[0]!;
  const chunk = new Uint8Array(frames.reduce((sum, frame) => sum + frame.length, 0));
  let offset = 0;
  for (const frame of frames) {
    chunk.set(frame, offset);
    offset += frame.length;
  }
  return chunk;
}

/** Why a stream is told to start again from an id: see resetFrame. */
export const RESET_REASONS = ['unknown-id', 'too-old', 'slow-client'] as const;
export type ResetReason = (typeof RESET_REASONS)[number];

const RESET_DETAIL: Record<ResetReason, string> = {
  'too-old': `Last-Event-ID is older than the ${RESUME_WINDOW_HOURS} h the stream can resume from: fetch the lists again, then carry on from this event's id.`,
  'unknown-id':
    'Last-Event-ID is not an id this service issued: fetch the lists again, then carry on from this event.',
  'slow-client':
    'This stream fell too far behind (the client did not read what was sent) and is closed: reconnect with this event’s id as Last-Event-ID and it resumes with nothing lost.',
};

export function resetFrame(reason: ResetReason, id: string): Uint8Array {
  return encoder.encode(
    `event: reset\ndata: ${JSON.stringify({ reason, detail: RESET_DETAIL[reason], id })}\nid: ${id}\n\n`,
  );
}

export function readyFrame(id: string, resumed: number): Uint8Array {
  const body = { id, resumed, resumeWindowHours: RESUME_WINDOW_HOURS };
  return encoder.encode(`event: ready\ndata: ${JSON.stringify(body)}\nid: ${id}\n\n`);
}

/** A comment that keeps proxies from closing an idle stream; with an id, it moves Last-Event-ID on. */
export function keepAliveFrame(id?: string): Uint8Array {
  return encoder.encode(id === undefined ? ': keep-alive\n\n' : `: keep-alive\nid: ${id}\n\n`);
}

export function textFrame(text: string): Uint8Array {
  return encoder.encode(text);
}
