import KDBush from 'kdbush';
import { around, distance } from 'geokdbush';
import type { IncidentRecord } from '../../model/index.js';

/**
 * A geographic index over the point incidents of one serving generation: built once per generation,
 * queried by great-circle distance (geokdbush) with a filter applied during the walk.
 */
export class SpatialIndex {
  private readonly index: KDBush;

  private constructor(private readonly records: IncidentRecord[]) {
    this.index = new KDBush(Math.max(records.length, 1));
    for (const record of records) this.index.add(record.longitude ?? 0, record.latitude ?? 0);
    if (records.length === 0) this.index.add(0, 0);
    this.index.finish();
  }

  static build(records: IncidentRecord[]): SpatialIndex {
    return new SpatialIndex(records.filter((r) => r.latitude !== null && r.longitude !== null));
  }

  /**
   * The `limit` nearest matching records within `radiusKm`, nearest first, with their distance in
   * kilometres, and how many match within the radius in all. Only the page's records get a distance
   * and an object: the rest are counted.
   */
  nearest(
    lng: number,
    lat: number,
    radiusKm: number,
    limit: number,
    accept: (record: IncidentRecord) => boolean,
  ): { total: number; nearest: { record: IncidentRecord; distanceKm: number }[] } {
    const ids: number[] = around(this.index, lng, lat, Infinity, radiusKm, (i: number) => {
      const record = this.records[i];
      return record !== undefined && accept(record);
    });
    const nearest = ids.slice(0, limit).map((i) => {
      const record = this.records[i]!;
      return { record, distanceKm: distance(lng, lat, record.longitude!, record.latitude!) };
    });
    return { total: ids.length, nearest };
  }
}
