/**
 * One line of progress for long workflows watched from a terminal (archive loads, backfills):
 * a bar, what is done of what, the rate and the time left. Pure: the caller says when it is.
 */
export interface ProgressSnapshot {
  /** Units done (rows, bodies); undefined while a single pass cannot say (a bulk load). */
  done: number | undefined;
  unit: string;
  /** Share of the work done (0–1), when known; the bar then fills and an ETA is given. */
  fraction?: number | undefined;
  /** Units in all, when known. */
  total?: number | undefined;
  /** What the work is doing now ("reading", "writing"). */
  phase: string;
  startedAtMs: number;
  nowMs: number;
}

const BAR_WIDTH = 24;

export function formatCount(value: number): string {
  return Math.round(value).toLocaleString('en-AU');
}

/** `1 h 02 m`, `3 m 05 s`, `42 s`. */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} m ${String(seconds % 60).padStart(2, '0')} s`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} m`;
}

export function renderProgress(snapshot: ProgressSnapshot): string {
  const elapsed = Math.max(1, snapshot.nowMs - snapshot.startedAtMs);
  const done = snapshot.done ?? 0;
  const rate = (done / elapsed) * 1000;
  const fraction = snapshot.fraction === undefined ? undefined : Math.min(1, Math.max(0, snapshot.fraction));
  const filled = fraction === undefined ? 0 : Math.round(fraction * BAR_WIDTH);
  const bar =
    fraction === undefined
      ? // No share known (a bulk load): a marker that moves, so the line shows life.
        Array.from({ length: BAR_WIDTH }, (_, index) =>
          index === Math.floor(elapsed / 500) % BAR_WIDTH ? '#' : '.',
        ).join('')
      : `${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}`;
  const share = fraction === undefined ? '' : ` ${Math.floor(fraction * 100)}%`;
  const amount =
    snapshot.done === undefined
      ? `${snapshot.unit} counted when it ends`
      : snapshot.total === undefined
        ? `${formatCount(done)} ${snapshot.unit}`
        : `${formatCount(done)}/${formatCount(snapshot.total)} ${snapshot.unit}`;
  const parts = [`[${bar}]${share}`, snapshot.phase, amount];
  if (done > 0) parts.push(`${formatCount(rate)} ${snapshot.unit}/s`);
  if (fraction !== undefined && fraction > 0 && fraction < 1) {
    parts.push(`ETA ${formatDuration((elapsed / fraction) * (1 - fraction))}`);
  }
  parts.push(`${formatDuration(elapsed)} elapsed`);
  return parts.join(' · ');
}
