import { ApplicationFailure, ApplicationFailureCategory } from '@temporalio/common';
import { describe, expect, it } from 'vitest';
import { createServiceLog, type ServiceLogOptions } from '../../runtime/log.js';
import { TemporalLog } from '../../runtime/temporal-log.js';

function capture(options: Partial<ServiceLogOptions> = {}) {
  const lines: string[] = [];
  const log = createServiceLog({
    process: 'ingest',
    level: 'info',
    format: 'text',
    write: (line) => lines.push(line),
    now: () => new Date('2026-11-24T03:00:00Z'),
    ...options,
  });
  return { lines, log };
}

describe('the service log', () => {
  it('writes readable lines by default: process, level when not info, message, an error message', () => {
    const { lines, log } = capture();
    log.info('API listening');
    log.debug('not shown at info');
    log.warn('could not start', { error: new Error('connect ECONNREFUSED 127.0.0.1:7233') });
    expect(lines).toEqual([
      '[ingest] API listening',
      '[ingest] WARN could not start: connect ECONNREFUSED 127.0.0.1:7233',
    ]);
  });

  it('prints a stack only for a bug', () => {
    const { lines, log } = capture();
    log.error('stopped unexpectedly', { error: new TypeError('x is undefined'), bug: true });
    expect(lines[0]).toMatch(
      /^\[ingest\] ERROR stopped unexpectedly: x is undefined\nTypeError: x is undefined\n\s+at /,
    );
  });

  it('writes one JSON object per line with LOG_FORMAT=json', () => {
    const { lines, log } = capture({ format: 'json' });
    log.warn('poll failed', { feedKey: 'nsw-rfs-major-incidents', error: new Error('HTTP 500') });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toEqual({
      time: '2026-11-24T03:00:00.000Z',
      level: 'warn',
      process: 'ingest',
      msg: 'poll failed',
      feedKey: 'nsw-rfs-major-incidents',
      error: { name: 'Error', message: 'HTTP 500' },
    });
  });
});

describe("the Temporal SDK's lines through the service log", () => {
  const taskMeta = {
    sdkComponent: 'worker',
    taskQueue: 'eids-ingest',
    namespace: 'default',
    taskToken: 'CiQwMWEyMGI4ZC1mNTNl',
    activityId: '1',
    activityType: 'fetchFeed',
    workflowId: 'feed:nsw:rfs:major-incidents',
    workflowRunId: '01a20b8e',
    workflowType: 'feedPoller',
    attempt: 1,
    durationMs: 35,
  };

  it('says a failing workflow task once per run, with its error, however often the core repeats it', () => {
    const { lines, log } = capture();
    const sdk = new TemporalLog(log);
    const failure =
      'Failure { failure: Some(Failure { message: "[TMPRL1100] Nondeterminism error: Timer machine does not handle this event: HistoryEvent(id: 202, ActivityTaskScheduled)", source: "", stack_trace: "" }), force_cause: NonDeterministicError }';
    for (let i = 0; i < 5; i++) sdk.warn('Failing workflow task', { run_id: 'run-a', failure });
    sdk.warn('Failing workflow task', {
      run_id: 'run-b',
      failure: 'Failure { failure: Some(Failure { message: "boom\\nat x", source: "" }) }',
    });
    expect(lines).toEqual([
      '[ingest] WARN a workflow task failed (run run-a): [TMPRL1100] Nondeterminism error: Timer machine does not handle this event: HistoryEvent(id: 202, ActivityTaskScheduled); it is retried, and a poller whose task keeps failing is started again from its memo',
      '[ingest] WARN a workflow task failed (run run-b): boom; it is retried, and a poller whose task keeps failing is started again from its memo',
    ]);
  });

  it('drops what is true by design and the SDK info chatter, keeps the poller line whole', () => {
    const { lines, log } = capture();
    const sdk = new TemporalLog(log);
    sdk.warn('No workflows registered, not polling for workflow tasks', { sdkComponent: 'worker' });
    sdk.info('Worker state changed', { sdkComponent: 'worker', state: 'RUNNING' });
    sdk.warn('nsw-rfs-major-incidents: poll failed (dns): getaddrinfo ENOTFOUND x; next poll in 60 s', {
      sdkComponent: 'workflow',
      feedKey: 'nsw-rfs-major-incidents',
      errorKind: 'dns',
    });
    expect(lines).toEqual([
      '[ingest] WARN nsw-rfs-major-incidents: poll failed (dns): getaddrinfo ENOTFOUND x; next poll in 60 s',
    ]);
  });

  it('condenses an activity failure to one line without task token; a stack only when it is a bug', () => {
    const { lines, log } = capture();
    const sdk = new TemporalLog(log);
    const expected = ApplicationFailure.create({
      message: 'HTTP 500 from host/path',
      category: ApplicationFailureCategory.BENIGN,
    });
    sdk.warn('Activity failed', { ...taskMeta, error: expected });
    sdk.warn('Activity failed', {
      ...taskMeta,
      error: new TypeError("Cannot read properties of undefined (reading 'x')"),
    });
    expect(lines[0]).toBe(
      '[ingest] WARN Activity failed (fetchFeed feed:nsw:rfs:major-incidents): HTTP 500 from host/path',
    );
    expect(lines[1]).toMatch(
      /^\[ingest\] WARN Activity failed \(fetchFeed feed:nsw:rfs:major-incidents\): Cannot read .*\nTypeError: /,
    );
    expect(lines.join('\n')).not.toContain('CiQwMWEyMGI4ZC1mNTNl');
  });

  it('shows the SDK detail at LOG_LEVEL=debug', () => {
    const { lines, log } = capture({ level: 'debug' });
    new TemporalLog(log).info('Worker state changed', { sdkComponent: 'worker', state: 'RUNNING' });
    expect(lines).toEqual(['[ingest] DEBUG Worker state changed']);
  });
});
