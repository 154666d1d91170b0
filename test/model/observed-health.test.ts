import { describe, expect, it } from 'vitest';
import { initialFeedHealth, observedHealth, reportStatus, type FeedHealth } from '../../model/index.js';

const base = initialFeedHealth({ feedKey: 'nsw-rfs-major-incidents', state: 'nsw', agency: 'rfs' });
const recorded: FeedHealth = {
  ...base,
  status: 'healthy',
  polls: 12,
  incidentCount: 40,
  lastOutcome: 'committed',
  lastPolled: '2026-11-20T00:59:00Z',
  lastSuccess: '2026-11-20T00:59:00Z',
  nextPollAt: '2026-11-20T01:00:00Z',
};

describe('the health a reader reports for a poller', () => {
  it('is what the poller recorded while its run is open and working', () => {
    expect(observedHealth(recorded, { running: true }, base)).toBe(recorded);
    expect(observedHealth(undefined, { running: true }, base)).toBeUndefined();
  });

  it('is down, with the failure as its last error, while its workflow task keeps failing', () => {
    const stuck = observedHealth(
      recorded,
      { running: true, taskFailure: '[TMPRL1100] Nondeterminism error' },
      base,
    );
    expect(stuck).toMatchObject({
      status: 'down',
      lastErrorKind: 'workflow-task',
      incidentCount: 40,
      lastSuccess: recorded.lastSuccess,
    });
    expect(stuck?.lastError).toContain('[TMPRL1100] Nondeterminism error');
    // Stuck before it recorded anything: still down, never unknown.
    expect(observedHealth(undefined, { running: true, taskFailure: 'boom' }, base)?.status).toBe('down');
  });

  it('is down when its run is gone, keeping what it last recorded', () => {
    expect(observedHealth(recorded, { running: false }, base)).toMatchObject({
      status: 'down',
      lastErrorKind: 'not-running',
      polls: 12,
    });
  });

  it('reports stale once polls stop arriving, and keeps down as down', () => {
    const at = (iso: string) => new Date(iso);
    expect(reportStatus(recorded, at('2026-11-20T01:02:00Z'))).toBe('healthy');
    expect(reportStatus(recorded, at('2026-11-20T01:02:01Z'))).toBe('stale');
    expect(reportStatus({ ...recorded, status: 'down' }, at('2026-11-20T05:00:00Z'))).toBe('down');
    expect(reportStatus(undefined, at('2026-11-20T05:00:00Z'))).toBe('unknown');
  });
});
