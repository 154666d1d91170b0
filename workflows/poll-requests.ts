import type { Duration } from '@temporalio/common';
import * as wf from '@temporalio/workflow';

/**
 * Requests to act now (a poller's `pollNow`, the clusterer's publications) and the wait between two
 * rounds of work, written so that the commands a workflow sends never depend on how one workflow
 * task's events were batched, nor on the clock (ADR 20).
 *
 * Why: a replay applies a task's signals before its timer or activity result; the original run may
 * have applied them apart, the timer first, in an activation stamped with the previous task's time (a
 * query on a run its worker has not cached does that). So the timer of the next round starts with the
 * round, never after it, and a request that arrives in the task whose timer ends the wait is not
 * answered by that round: it stays pending, and one more round follows.
 */
export class PollRequests {
  private requested: boolean;

  constructor(requestedAtStart = false) {
    this.requested = requestedAtStart;
  }

  /** The signal handler: idempotent, so a burst of requests asks for one round. */
  request(): void {
    this.requested = true;
  }

  /** Whether a request is waiting for a round (carried across continue-as-new). */
  get pending(): boolean {
    return this.requested;
  }

  /** A round that starts without a wait answers what is pending. */
  answered(): void {
    this.requested = false;
  }

  /**
   * Starts the timer of the next round now, at the start of this one (start to start: a slow round
   * does not push the next back). `wait()`, once the round is done, returns when the timer has fired
   * or a request is pending; the next round answers the request unless the timer fired.
   */
  startRoundTimer(interval: Duration): { wait(): Promise<void> } {
    const scope = new wf.CancellationScope();
    let fired = false;
    const timer = scope
      .run(() => wf.sleep(interval))
      .then(() => {
        fired = true;
      });
    // Cancelled before it fired (a request came first): nothing to report.
    timer.catch(() => undefined);
    return {
      wait: async () => {
        try {
          await Promise.race([timer, scope.run(() => wf.condition(() => this.requested))]);
        } finally {
          // Ends whichever of the two still waits (a timer that already fired sends nothing).
          scope.cancel();
        }
        if (!fired) this.requested = false;
      },
    };
  }

  /**
   * The wait of runs started before STEADY_POLLING_PATCH: a timer after the round, none when a
   * request is pending or the round overran, so a replay of their histories sends what they sent.
   */
  async legacyWait(ms: number): Promise<void> {
    if (this.requested || ms <= 0) {
      this.requested = false;
      return;
    }
    let fired = false;
    await wf.CancellationScope.cancellable(async () => {
      try {
        await Promise.race([
          wf.sleep(ms).then(() => {
            fired = true;
          }),
          wf.condition(() => this.requested),
        ]);
      } finally {
        wf.CancellationScope.current().cancel();
      }
    });
    if (!fired) this.requested = false;
  }
}
