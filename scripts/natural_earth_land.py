#!/usr/bin/env python3
"""Convert a Natural Earth land GeoJSON (public domain, https://www.naturalearthdata.com/) into the
compact ring list the app's siting map draws (app/resources/maps/ne_110m_land.json):
{"source": ..., "rings": [[lon0, lat0, lon1, lat1, ...], ...]}, coordinates rounded to 0.01°.

usage: natural_earth_land.py ne_110m_land.geojson OUT.json
"""
import json
import sys


def rings_of(geometry):
    if geometry["type"] == "Polygon":
        return geometry["coordinates"]
    if geometry["type"] == "MultiPolygon":
        return [ring for polygon in geometry["coordinates"] for ring in polygon]
    return []


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    with open(sys.argv[1], encoding="utf-8") as f:
        collection = json.load(f)
    rings = []
    for feature in collection["features"]:
        for ring in rings_of(feature["geometry"]):
            flat = []
            for lon, lat in ring:
                flat += [round(lon, 2), round(lat, 2)]
            rings.append(flat)
    out = {
        "source": "Natural Earth 1:110m physical vectors, land polygons (ne_110m_land), "
                  "public domain, https://www.naturalearthdata.com/; rings as flat lon, lat "
                  "pairs in degrees (WGS 84), rounded to 0.01 degrees",
        "rings": rings,
    }
    with open(sys.argv[2], "w", encoding="utf-8") as f:
        json.dump(out, f, separators=(",", ":"))
        f.write("\n")


if __name__ == "__main__":
    main()
