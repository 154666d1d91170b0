import { describe, expect, it } from 'vitest';
import { PollLedger, STRIP_HOURS } from '../../../api/pages/poll-ledger.js';

const START = new Date('2026-11-20T10:15:00Z');
const at = (minutes: number) => new Date(START.getTime() + minutes * 60_000);

describe('the 24-hour strip of a poller’s polls, from the health read every 2 s', () => {
  it('counts each rise of the poll count as a poll with the outcome the memo names', () => {
    const ledger = new PollLedger(START);
    ledger.observe('f', { polls: 10, lastPolled: at(1).toISOString(), lastOutcome: 'committed' }, at(1));
    ledger.observe('f', { polls: 10, lastPolled: at(1).toISOString(), lastOutcome: 'committed' }, at(1.1));
    ledger.observe('f', { polls: 11, lastPolled: at(2).toISOString(), lastOutcome: 'not-modified' }, at(2));
    ledger.observe(
      'f',
      { polls: 12, lastPolled: at(3).toISOString(), lastOutcome: 'failed', consecutiveFailures: 1 },
      at(3),
    );
    ledger.observe('f', { polls: 13, lastPolled: at(50).toISOString(), lastOutcome: 'guarded' }, at(50));
    const strip = ledger.strip('f', at(50));
    expect(strip).toHaveLength(STRIP_HOURS);
    // The poll the memo shows at first sight, one more good one, then a failure.
    expect(strip.at(-2)).toMatchObject({ from: '2026-11-20T10:00:00.000Z', good: 2, failed: 1, guarded: 0 });
    expect(strip.at(-1)).toMatchObject({ from: '2026-11-20T11:00:00.000Z', good: 0, guarded: 1 });
    // Hours before this process started were not watched.
    expect(strip.slice(0, -2).every((cell) => !cell.observed)).toBe(true);
  });

  it('counts polls it did not see one by one, failed as far as the failures in a row reach', () => {
    const ledger = new PollLedger(START);
    ledger.observe('f', { polls: 1, lastPolled: at(1).toISOString(), lastOutcome: 'committed' }, at(1));
    ledger.observe(
      'f',
      { polls: 5, lastPolled: at(2).toISOString(), lastOutcome: 'failed', consecutiveFailures: 3 },
      at(2),
    );
    expect(ledger.strip('f', at(2)).at(-1)).toMatchObject({ good: 1, failed: 3, unseen: 1 });
  });

  it('ignores a last poll older than the process, and starts over when a poller restarts its count', () => {
    const ledger = new PollLedger(START);
    ledger.observe('f', { polls: 7, lastPolled: at(-5).toISOString(), lastOutcome: 'committed' }, at(0));
    ledger.observe('f', { polls: 2, lastPolled: at(1).toISOString(), lastOutcome: 'committed' }, at(1));
    expect(ledger.strip('f', at(1)).at(-1)).toMatchObject({ good: 1, failed: 0, unseen: 0 });
  });

  it('forgets hours older than the strip', () => {
    const ledger = new PollLedger(START);
    ledger.observe('f', { polls: 1, lastPolled: at(1).toISOString(), lastOutcome: 'committed' }, at(1));
    const later = at(25 * 60);
    const strip = ledger.strip('f', later);
    expect(strip.reduce((n, cell) => n + cell.good, 0)).toBe(0);
    expect(strip.every((cell) => cell.observed)).toBe(true);
  });
});
