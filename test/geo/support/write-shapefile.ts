import type { Position } from '../../../model/index.js';

/**
 * Writes a small polygon shapefile (.shp and .dbf) in the ESRI format, for testing the reader without
 * the ABS file: outer rings clockwise and holes anticlockwise, as the format requires; a record with
 * no rings is a null shape. Text fields only, UTF-8.
 */
export interface ShapeRecord {
  /** Polygons, each [outer, ...holes]; empty for a null shape. */
  polygons: Position[][][];
  fields: Record<string, string>;
}

function signedArea(ring: Position[]): number {
  let area = 0;
  for (let i = 1; i < ring.length; i += 1) {
    const [x0, y0] = ring[i - 1] ?? [0, 0];
    const [x1, y1] = ring[i] ?? [0, 0];
    area += x0 * y1 - x1 * y0;
  }
  return area / 2;
}

/** Clockwise (negative area) for outer rings, anticlockwise for holes. */
function wound(ring: Position[], clockwise: boolean): Position[] {
  return signedArea(ring) < 0 === clockwise ? ring : [...ring].reverse();
}

function bbox(points: Position[]): [number, number, number, number] {
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

function shpContent(record: ShapeRecord): Buffer {
  if (record.polygons.length === 0) {
    const none = Buffer.alloc(4);
    none.writeInt32LE(0, 0);
    return none;
  }
  const rings = record.polygons.flatMap(([outer, ...holes]) =>
    outer ? [wound(outer, true), ...holes.map((hole) => wound(hole, false))] : [],
  );
  const points = rings.flat();
  const content = Buffer.alloc(44 + 4 * rings.length + 16 * points.length);
  content.writeInt32LE(5, 0);
  bbox(points).forEach((value, i) => content.writeDoubleLE(value, 4 + 8 * i));
  content.writeInt32LE(rings.length, 36);
  content.writeInt32LE(points.length, 40);
  let start = 0;
  rings.forEach((ring, i) => {
    content.writeInt32LE(start, 44 + 4 * i);
    start += ring.length;
  });
  const offset = 44 + 4 * rings.length;
  points.forEach(([x, y], i) => {
    content.writeDoubleLE(x, offset + 16 * i);
    content.writeDoubleLE(y, offset + 16 * i + 8);
  });
  return content;
}

export function writeShapefile(records: ShapeRecord[]): { shp: Buffer; dbf: Buffer } {
  const contents = records.map(shpContent);
  const body = Buffer.concat(
    contents.flatMap((content, i) => {
      const header = Buffer.alloc(8);
      header.writeInt32BE(i + 1, 0);
      header.writeInt32BE(content.length / 2, 4);
      return [header, content];
    }),
  );
  const header = Buffer.alloc(100);
  header.writeInt32BE(9994, 0);
  header.writeInt32BE((100 + body.length) / 2, 24);
  header.writeInt32LE(1000, 28);
  header.writeInt32LE(5, 32);
  const all = records.flatMap((record) => record.polygons.flat(2));
  (all.length > 0 ? bbox(all) : [0, 0, 0, 0]).forEach((value, i) => header.writeDoubleLE(value, 36 + 8 * i));
  return { shp: Buffer.concat([header, body]), dbf: writeDbf(records.map((record) => record.fields)) };
}

function writeDbf(rows: Record<string, string>[]): Buffer {
  const names = Object.keys(rows[0] ?? {});
  const widths = names.map((name) => Math.max(1, ...rows.map((row) => Buffer.byteLength(row[name] ?? ''))));
  const headerLength = 32 + 32 * names.length + 1;
  const recordLength = 1 + widths.reduce((sum, width) => sum + width, 0);
  const header = Buffer.alloc(headerLength);
  header.writeUInt8(0x03, 0);
  header.writeUInt8(125, 1);
  header.writeUInt8(1, 2);
  header.writeUInt8(1, 3);
  header.writeInt32LE(rows.length, 4);
  header.writeInt16LE(headerLength, 8);
  header.writeInt16LE(recordLength, 10);
  names.forEach((name, i) => {
    const at = 32 + 32 * i;
    header.write(name.slice(0, 10), at, 'latin1');
    header.write('C', at + 11, 'latin1');
    header.writeUInt8(widths[i] ?? 1, at + 16);
  });
  header.writeUInt8(0x0d, headerLength - 1);
  const records = rows.map((row) => {
    const record = Buffer.alloc(recordLength, 0x20);
    let at = 1;
    names.forEach((name, i) => {
      record.write(row[name] ?? '', at, 'utf8');
      at += widths[i] ?? 1;
    });
    return record;
  });
  return Buffer.concat([header, ...records, Buffer.from([0x1a])]);
}
