/** GeoJSON geometry as served: Point, Polygon or MultiPolygon, coordinates [longitude, latitude]. */
export type Position = [number, number];

export interface PointGeometry {
  type: 'Point';
  coordinates: Position;
}

export interface PolygonGeometry {
  type: 'Polygon';
  coordinates: Position[][];
}

export interface MultiPolygonGeometry {
  type: 'MultiPolygon';
  coordinates: Position[][][];
}

export type IncidentGeometry = PointGeometry | PolygonGeometry | MultiPolygonGeometry;
