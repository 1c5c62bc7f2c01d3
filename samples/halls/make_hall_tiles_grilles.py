# Generator of samples/halls/hall-tiles-grilles.json (kept with the data; not part of the build).
# python3 make_hall_tiles_grilles.py > hall.json, then write it in the canonical form:
# myriad-cli apply hall.json EMPTY.json -o hall-tiles-grilles.json  (EMPTY.json holds "[]").
import json, math
feeds = [{"id": "H1-F01A", "name": "Feed A", "capacityW": 500000.0, "redundancy": "2N", "voltageV": 415.0},
         {"id": "H1-F01B", "name": "Feed B", "capacityW": 500000.0, "redundancy": "2N", "voltageV": 415.0}]
powers = {"R01": [8, 20, 32, 12, 28, 36, 16, 6], "R02": [24, 10, 38, 18, 30, 14, 26, 5]}
rowY = {"R01": 2.6, "R02": 5.6}
facing = {"R01": "+y", "R02": "-y"}
x0 = 3.6
rows = []
for r in ("R01", "R02"):
    racks = []
    for k, p in enumerate(powers[r]):
        rid = f"H1-{r}-K{k+1:02d}"
        n = max(1, math.ceil(p / 10.2))
        nodes = [{"id": f"{rid}-N{i+1}", "hostname": rid.lower() + f"-n{i+1}", "model": "dgx-h100",
                  "slotU": 2 + 10 * i, "scalableUnit": 0,
                  "gpus": [{"index": g} for g in range(8)],
                  "nics": [{"index": g, "rail": g} for g in range(8)]} for i in range(n)]
        racks.append({"id": rid, "model": "rack-48u-600x1200", "kind": "compute",
                      "xM": round(x0 + 0.6 * k, 3), "yM": rowY[r], "facing": facing[r], "cooling": "air",
                      "powerCapW": 44000.0, "powerW": p * 1000.0, "powerSource": "measured",
                      "feeds": ["H1-F01A", "H1-F01B"], "nodes": nodes})
    rows.append({"id": f"H1-{r}", "name": f"Row {r[-1]} (faces {facing[r]})", "racks": racks})
# Two rows of tiles in the 1.8 m cold aisle (y 3.8–5.6), one in front of each row's intakes;
# grate tiles (56 % open) in front of the four hottest racks of each row.
tiles = []
for r, y in (("R01", 3.8), ("R02", 5.0)):
    hot = sorted(range(8), key=lambda k: -powers[r][k])[:4]
    for k in range(8):
        tiles.append({"id": f"H1-T-{r}-{k+1:02d}", "xM": round(x0 + 0.6 * k, 3), "yM": y,
                      "widthM": 0.6, "depthM": 0.6, "openAreaPct": 56.0 if k in hot else 25.0})
# Ceiling return grilles over both hot aisles (behind R01 at y < 2.6, behind R02 at y > 6.8).
grilles = []
for name, y in (("S", 1.4), ("N", 7.4)):
    for g in range(3):
        grilles.append({"id": f"H1-G-{name}{g+1}", "xM": round(3.9 + 1.5 * g, 3), "yM": y,
                        "widthM": 1.2, "depthM": 0.6})
hall = {"id": "H1", "name": "Two rows, placed tiles, ceiling grilles, a little short of air",
        "widthM": 12.0, "depthM": 9.0, "heightM": 3.6, "raisedFloorM": 0.6, "containment": "none",
        "feeds": feeds,
        "coolers": [{"id": "H1-AH01", "model": "crah-250kw", "kind": "crah", "xM": 0.5, "yM": 0.3,
                     "facing": "+y", "supplySetpointC": 18.0, "rackId": "", "airflowM3s": 8.48},
                    {"id": "H1-AH02", "model": "crah-250kw", "kind": "crah", "xM": 9.0, "yM": 7.7,
                     "facing": "-y", "supplySetpointC": 18.0, "rackId": "", "airflowM3s": 8.48}],
        "tiles": tiles, "grilles": grilles, "rows": rows}
scene = {"schemaVersion": 2, "site": {"name": "Hall with placed tiles and ceiling grilles", "currency": "USD", "halls": [hall]}}
print(json.dumps(scene, indent=2))
