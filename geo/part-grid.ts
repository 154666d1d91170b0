import type { Position } from '../model/index.js';

/**
 * A grid laid over one polygon part's bounding box, classifying each cell once: a cell that no edge's
 * bounding box touches lies wholly inside or wholly outside the part, so a point in it is answered
 * without walking the rings; a point in any other cell (including every point on an edge) still gets
 * the exact point-in-polygon test. Cells are classified a row at a time by even-odd crossings of the
 * row's centre line, the same rule the exact test applies across rings and holes.
 */
export type CellClass = 'inside' | 'outside' | 'edge';

export interface PartGrid {
  classify(x: number, y: number): CellClass;
}

const EDGE = 0;
const INSIDE = 1;
const OUTSIDE = 2;

export function buildPartGrid(
  rings: Position[][],
  bbox: [number, number, number, number],
  size: number,
): PartGrid {
  const [minX, minY, maxX, maxY] = bbox;
  const cellWidth = (maxX - minX) / size || 1;
  const cellHeight = (maxY - minY) / size || 1;
  const column = (x: number) => Math.min(size - 1, Math.max(0, Math.floor((x - minX) / cellWidth)));
  const row = (y: number) => Math.min(size - 1, Math.max(0, Math.floor((y - minY) / cellHeight)));
  const cells = new Uint8Array(size * size).fill(OUTSIDE);
  const touched = new Uint8Array(size * size);

  for (const ring of rings) {
    for (let i = 1; i < ring.length; i += 1) {
      const [x1, y1] = ring[i - 1] ?? [0, 0];
      const [x2, y2] = ring[i] ?? [0, 0];
      const [c1, c2] = [column(Math.min(x1, x2)), column(Math.max(x1, x2))];
      for (let r = row(Math.min(y1, y2)); r <= row(Math.max(y1, y2)); r += 1) {
        for (let c = c1; c <= c2; c += 1) touched[r * size + c] = 1;
      }
    }
  }
  for (let r = 0; r < size; r += 1) {
    const y = minY + (r + 0.5) * cellHeight;
    const crossings: number[] = [];
    for (const ring of rings) {
      for (let i = 1; i < ring.length; i += 1) {
        const [x1, y1] = ring[i - 1] ?? [0, 0];
        const [x2, y2] = ring[i] ?? [0, 0];
        if (y1 <= y !== y2 <= y) crossings.push(x1 + ((y - y1) * (x2 - x1)) / (y2 - y1));
      }
    }
    crossings.sort((a, b) => a - b);
    let passed = 0;
    for (let c = 0; c < size; c += 1) {
      const x = minX + (c + 0.5) * cellWidth;
      while (passed < crossings.length && (crossings[passed] ?? Infinity) < x) passed += 1;
      const at = r * size + c;
      cells[at] = touched[at] ? EDGE : passed % 2 === 1 ? INSIDE : OUTSIDE;
    }
  }

  return {
    classify(x, y) {
      if (x < minX || x > maxX || y < minY || y > maxY) return 'outside';
      const cell = cells[row(y) * size + column(x)];
      return cell === INSIDE ? 'inside' : cell === OUTSIDE ? 'outside' : 'edge';
    },
  };
}
