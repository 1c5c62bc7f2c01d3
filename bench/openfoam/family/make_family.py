#!/usr/bin/env python3
"""Write the CFD family's scene files from samples/halls/hall-tiles-grilles.json.

Each case changes one or two things of the base hall (two rows of 5-38 kW racks, placed tiles,
ceiling grilles, 18 C supply): the air handlers' fan setting (supply/demand 0.8, 0.95, 1.2,
1.5 of the racks' 17.855 m3/s), the return path (ceiling grilles or at the units) and cold-aisle
containment. Usage: make_family.py [OUT_DIR] (default: this script's folder).
"""
import copy
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
RACK_FLOW = 17.855  # m3/s: 323 kW of rack heat at the DGX H100's 15 K (rho*cp = 1206 J/(m3 K))

CASES = [
    # name, supply/demand, grilles, containment
    ("s080-grilles", 0.80, True, "none"),
    ("s095-grilles", 0.95, True, "none"),
    ("s120-grilles", 1.20, True, "none"),
    ("s150-grilles", 1.50, True, "none"),
    ("s120-unit-return", 1.20, False, "none"),
    ("s095-unit-return", 0.95, False, "none"),
    ("s095-doors", 0.95, True, "cold-aisle-doors"),
]


def make(base, ratio, grilles, containment):
    scene = copy.deepcopy(base)
    hall = scene["site"]["halls"][0]
    for unit in hall["coolers"]:
        unit["airflowM3s"] = round(ratio * RACK_FLOW / len(hall["coolers"]), 4)
    if not grilles:
        hall.pop("grilles", None)
    hall["containment"] = containment
    hall["name"] = "CFD family: supply/demand %.2f, %s, %s" % (
        ratio, "ceiling grilles" if grilles else "returns at the units", containment)
    return scene


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else HERE
    with open(os.path.join(ROOT, "samples", "halls", "hall-tiles-grilles.json")) as f:
        base = json.load(f)
    for name, ratio, grilles, containment in CASES:
        with open(os.path.join(out, name + ".json"), "w") as f:
            json.dump(make(base, ratio, grilles, containment), f, indent=2)
            f.write("\n")
        print(name)


if __name__ == "__main__":
    main()
