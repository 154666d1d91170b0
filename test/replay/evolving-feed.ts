import {
  renderNswMajorIncidents,
  syntheticNswIncidents,
  type SyntheticIncident,
} from './generators/nsw-rfs.js';

const STATUS_PROGRESSION = ['Out of control', 'Being controlled', 'Under control'];

/**
 * A live-looking NSW RFS feed for the demo: on every tick one incident moves on (its status
 * progresses), the oldest under-control one disappears and a new one appears. Deterministic for a
 * seed and a tick count, so what the demo shows can be explained.
 */
export class EvolvingNswFeed {
  private readonly pool: SyntheticIncident[];
  private shown: SyntheticIncident[];
  private nextFromPool: number;
  private tick = 0;

  constructor(
    private readonly options: { seed: number; visible: number; tickMs: number; startedAt?: number },
  ) {
    this.pool = syntheticNswIncidents(options.visible * 20, options.seed);
    this.shown = this.pool
      .slice(0, options.visible)
      .map((incident) => ({ ...incident, updated: new Date() }));
    this.nextFromPool = options.visible;
  }

  /** Advances to the tick that `now` falls in, then renders the document. */
  render(now = Date.now()): string {
    const due = Math.floor((now - (this.options.startedAt ?? now)) / this.options.tickMs);
    while (this.tick < due) this.advance(new Date(now));
    return renderNswMajorIncidents(this.shown);
  }

  private advance(at: Date): void {
    this.tick++;
    const moving = this.shown[this.tick % this.shown.length];
    if (moving) {
      const index = STATUS_PROGRESSION.indexOf(moving.status);
      moving.status =
        STATUS_PROGRESSION[Math.min(index + 1, STATUS_PROGRESSION.length - 1)] ?? 'Under control';
      moving.updated = at;
    }
    const finished = this.shown.findIndex(
      (incident) => incident !== moving && /under control/i.test(incident.status),
    );
    if (finished >= 0) this.shown.splice(finished, 1);
    const fresh = this.pool[this.nextFromPool++ % this.pool.length];
    if (fresh)
      this.shown.push({
        ...fresh,
        id: fresh.id + this.tick * 100_000,
        status: 'Out of control',
        updated: at,
      });
  }
}
