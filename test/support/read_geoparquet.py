"""Reads lake files as an analyst would, and prints what the tools saw as one JSON object.

    python read_geoparquet.py FILE [FILE ...]

GeoPandas reads the files (their GeoParquet metadata: geometry column, encoding, CRS) into one
GeoDataFrame; pyarrow reads their schema and the instants. Printed: the frame's CRS, row count and
geometry types, each row's geometry (GeoJSON) and instants (ISO 8601, UTC) by id, and the Arrow types.
"""

import json
import sys

import geopandas
import pandas
import pyarrow.parquet as pq
from pyproj import CRS
from shapely.geometry import mapping

INSTANTS = ["reported_at", "updated_at", "fetched_at", "retracted_at"]


def iso(value):
    return None if value is None or pandas.isna(value) else value.isoformat()


def main(paths):
    frame = pandas.concat([geopandas.read_parquet(path) for path in paths], ignore_index=True)
    frame = geopandas.GeoDataFrame(frame, geometry="geometry")
    schema = pq.read_schema(paths[0])
    rows = {}
    for record in frame.to_dict("records"):
        geometry = record["geometry"]
        key = f'{record["id"]}@{record.get("version")}'
        rows[key] = {
            "geometry": None if geometry is None else mapping(geometry),
            **{name: iso(record[name]) for name in INSTANTS if name in record},
        }
    print(
        json.dumps(
            {
                "crs": frame.crs.to_string(),
                "crsIsWgs84": frame.crs.equals(CRS.from_epsg(4326), ignore_axis_order=True),
                "geometryColumn": frame.geometry.name,
                "rows": len(frame),
                "geometryTypes": sorted(set(frame.geom_type.dropna())),
                "arrowTypes": {
                    name: str(schema.field(name).type)
                    for name in INSTANTS + ["bbox"]
                    if name in schema.names
                },
                "byId": rows,
            },
            default=list,
        )
    )


if __name__ == "__main__":
    main(sys.argv[1:])
