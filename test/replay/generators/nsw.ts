import { renderNswMajorIncidents, syntheticNswIncidents } from './nsw-rfs.js';
import { tickTime, visibleWindow, type FormatGenerator, type RenderOptions } from './types.js';

/** Fires start out of control, then are brought under control over the next ticks. */
const PROGRESSION = ['Out of control', 'Out of control', 'Being controlled', 'Under control'];

function renderMajorIncidents(options: RenderOptions): string {
  const window = visibleWindow(options.count, options.tick);
  const pool = syntheticNswIncidents(options.count + options.tick, options.seed);
  const incidents = window.map(({ index, age, firstTick }) => {
    const base = pool[index]!;
    const step = Math.min(age, PROGRESSION.length - 1);
    return {
      ...base,
      status: /fire|burn|hazard/i.test(base.type) ? PROGRESSION[step]! : base.status,
      updated: tickTime(options, firstTick + step),
    };
  });
  return renderNswMajorIncidents(incidents);
}

export const NSW_GENERATORS: readonly FormatGenerator[] = [
  {
    format: 'nsw-rfs-major-incidents-geojson',
    contentType: 'application/json',
    render: renderMajorIncidents,
  },
];
