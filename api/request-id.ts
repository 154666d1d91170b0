import { randomUUID } from 'node:crypto';

const ACCEPTED = /^[\w\-=]{1,255}$/;

/**
 * A request's id, in X-Request-Id and the request log: the client's own when it sent a plausible one
 * (letters, digits, `_`, `-`, `=`, at most 255), else a new UUID.
 */
export function requestIdOf(sent: string | undefined): string {
  return sent !== undefined && ACCEPTED.test(sent) ? sent : randomUUID();
}
