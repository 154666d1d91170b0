import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outlinesFromSettings } from '../../../api/pages/inputs.js';

type Ring = [number, number][];
const square = (x: number, y: number): Ring => [
  [x, y],
  [x + 1, y],
  [x + 1, y + 1],
  [x, y + 1],
  [x, y],
];

/** Four made-up LGAs in the ABS file's format: two of state 1 side by side, two of state 2 below them. */
function boundariesFile(madeUp: boolean) {
  const lga = (code: string, state: string, ring: Ring) => ({
    type: 'Feature',
    properties: { LGA_CODE22: code, LGA_NAME22: `LGA ${code}`, STE_CODE21: state },
    geometry: { type: 'Polygon', coordinates: [ring] },
  });
  return JSON.stringify({
    type: 'FeatureCollection',
    ...(madeUp ? { madeUp: 'made-up stand-in boundaries' } : {}),
    features: [
      lga('10001', '1', square(150, -31)),
      lga('10002', '1', square(151, -31)),
      lga('20001', '2', square(150, -32)),
      lga('20002', '2', square(151, -32)),
    ],
  });
}

function hasEdge(lines: [number, number][][], a: [number, number], b: [number, number]): boolean {
  const same = (p: [number, number] | undefined, q: [number, number]) => p?.[0] === q[0] && p[1] === q[1];
  return lines.some((line) =>
    line.some(
      (point, i) =>
        i > 0 && ((same(line[i - 1], a) && same(point, b)) || (same(line[i - 1], b) && same(point, a))),
    ),
  );
}

const segments = (lines: [number, number][][]) => lines.reduce((n, line) => n + line.length - 1, 0);

describe('the outlines under the map', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'eids-outlines-'));
    await writeFile(join(dir, 'lga.geojson'), boundariesFile(false));
    await writeFile(join(dir, 'stand-in.geojson'), boundariesFile(true));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('derives state borders from LGA boundaries: edges inside one state and the coast drop out', async () => {
    const outlines = await outlinesFromSettings({ GEOGRAPHY_LGA_BOUNDARIES: join(dir, 'lga.geojson') });
    expect(outlines?.source).toMatch(/State and LGA outlines from the LGA 2022 boundaries/);
    const [states, lgas] = outlines!.features;
    expect(states?.properties.kind).toBe('state');
    // 2 × 2 unit squares: the 2 edges between the states. The 8 outer edges are the coast (the
    // basemap draws it) and the 2 inside a state are no border.
    expect(segments(states!.geometry.coordinates)).toBe(2);
    expect(hasEdge(states!.geometry.coordinates, [151, -30], [151, -31])).toBe(false);
    expect(hasEdge(states!.geometry.coordinates, [150, -30], [151, -30])).toBe(false);
    expect(hasEdge(states!.geometry.coordinates, [150, -31], [151, -31])).toBe(true);
    expect(hasEdge(states!.geometry.coordinates, [151, -31], [152, -31])).toBe(true);
    // Every LGA edge once: the 10 above and the 2 inside the states.
    expect(segments(lgas!.geometry.coordinates)).toBe(12);
    expect(hasEdge(lgas!.geometry.coordinates, [151, -30], [151, -31])).toBe(true);
  });

  it('draws no made-up boundaries: the stand-ins give no outlines (the coarse borders), as no file does', async () => {
    for (const settings of [{ DECLARATIONS_BOUNDARIES: join(dir, 'stand-in.geojson') }, {}]) {
      await expect(outlinesFromSettings(settings)).resolves.toBeUndefined();
    }
  });

  it('says why a boundaries file it cannot read is not used, and falls back', async () => {
    const said: string[] = [];
    const outlines = await outlinesFromSettings(
      { GEOGRAPHY_LGA_BOUNDARIES: join(dir, 'missing.geojson') },
      (m) => said.push(m),
    );
    expect(outlines).toBeUndefined();
    expect(said[0]).toMatch(/missing\.geojson/);
  });
});
