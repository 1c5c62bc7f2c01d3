#!/usr/bin/env python3
"""Compare the compact thermal model's rack inlets with an OpenFOAM run of the same hall.

Inputs: the case written by `myriad-cli thermal --openfoam-case` (its myriad-ports.csv and the
postProcessing/<patch>/<time>/surfaceFieldValue.dat files of the finished buoyantSimpleFoam run)
and the model's result (`myriad-cli thermal --out engine.json`). Prints a Markdown table (rack,
power, model inlet mean, CFD inlet mean, difference), the mean / max absolute and mean signed
error, how far the CFD inlets still moved over the last samples, and the energy balance of the
CFD run (heat carried out by the sinks against the rack heat). Exit 1 on missing inputs.
"""
import argparse
import csv
import glob
import json
import os
import sys

KELVIN = 273.15
CP = 1005.0  # J/(kg K), as in the case's thermophysicalProperties


def patch_series(case, patch):
    """(iteration, value) samples of a patch's area-averaged T over all restarts, in order."""
    files = glob.glob(os.path.join(case, "postProcessing", patch, "*", "surfaceFieldValue.dat"))
    samples = {}
    for path in files:
        with open(path) as f:
            for line in f:
                if line.startswith("#") or not line.strip():
                    continue
                it, value = line.split()[:2]
                samples[float(it)] = float(value)
    return sorted(samples.items())


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--case", required=True, help="OpenFOAM case directory")
    ap.add_argument("--engine", required=True, help="myriad-cli thermal --out JSON")
    ap.add_argument("--hall", default=None, help="hall id (default: the first)")
    ap.add_argument("--window", type=int, default=250,
                    help="iterations over which the CFD inlet drift is measured")
    ap.add_argument("--average", action="store_true",
                    help="use the mean of the samples in the last window (a run whose residuals "
                         "stall and whose inlets oscillate) instead of the last sample")
    args = ap.parse_args()

    ports_path = os.path.join(args.case, "myriad-ports.csv")
    if not os.path.exists(ports_path):
        sys.exit(f"compare.py: {ports_path} missing (run myriad-cli thermal --openfoam-case)")
    with open(ports_path) as f:
        ports = list(csv.DictReader(f))
    with open(args.engine) as f:
        halls = json.load(f)
    hall = next((h for h in halls if args.hall in (None, h["hall"])), None)
    if hall is None:
        sys.exit(f"compare.py: hall {args.hall} not in {args.engine}")
    engine = {r["id"]: r for r in hall["racks"]}

    rows, drift = [], []
    for port in ports:
        if port["kind"] != "rack-intake" or port["object"].startswith("leak:"):
            continue
        series = patch_series(args.case, port["patch"])
        if not series:
            sys.exit(f"compare.py: no samples for patch {port['patch']} in {args.case}")
        last_it, last = series[-1]
        before = [v for it, v in series if it <= last_it - args.window]
        if before:
            drift.append(abs(last - before[-1]))
        if args.average:
            window = [v for it, v in series if it > last_it - args.window]
            last = sum(window) / len(window)
        model = engine[port["object"]]
        rows.append((port["object"], model["airHeatW"] / 1e3, model["inletMeanC"],
                     last - KELVIN, model["exhaustC"]))

    print(f"CFD iterations: {int(last_it)}")
    print("| rack | air heat (kW) | model inlet (°C) | CFD inlet (°C) | model − CFD (K) |")
    print("|---|---|---|---|---|")
    errors = []
    for rack, kw, model, cfd, _ in rows:
        errors.append(model - cfd)
        print(f"| {rack} | {kw:.1f} | {model:.2f} | {cfd:.2f} | {model - cfd:+.2f} |")
    mean_abs = sum(abs(e) for e in errors) / len(errors)
    max_abs = max(abs(e) for e in errors)
    rmse = (sum(e * e for e in errors) / len(errors)) ** 0.5
    bias = sum(errors) / len(errors)
    # Issue 17's ranking test: the CFD's four hottest racks among the model's five hottest.
    cfd_top = [r[0] for r in sorted(rows, key=lambda r: -r[3])[:4]]
    model_top = [r[0] for r in sorted(rows, key=lambda r: -r[2])[:5]]
    hot_found = sum(1 for r in cfd_top if r in model_top)
    print()
    print(f"racks: {len(errors)} | RMSE {rmse:.2f} K | mean |error| {mean_abs:.2f} K | "
          f"max |error| {max_abs:.2f} K | mean signed error (model − CFD) {bias:+.2f} K | "
          f"CFD's 4 hottest in the model's 5 hottest: {hot_found} of 4")
    if drift:
        print(f"CFD inlet drift over the last {args.window} iterations: mean {sum(drift) / len(drift):.3f} K, "
              f"max {max(drift):.3f} K")

    # Energy balance of the CFD run: Σ sinks ṁ·c_p·(T_return − T_supply) against the rack heat.
    supply = [p for p in ports if p["kind"] == "supply"]
    flow_supply = sum(float(p["massFlowKgS"]) for p in supply)
    t_supply = sum(float(p["massFlowKgS"]) * float(p["supplyC"]) for p in supply) / flow_supply
    removed = 0.0
    for p in ports:
        if p["kind"] in ("sink", "pressure-sink"):
            series = patch_series(args.case, p["patch"])
            if series:
                t_return = series[-1][1]
                if args.average:
                    window = [v for it, v in series if it > series[-1][0] - args.window]
                    t_return = sum(window) / len(window)
                removed += float(p["massFlowKgS"]) * CP * (t_return - KELVIN - t_supply)
    heat = sum(float(p["heatW"]) for p in ports if p["kind"] == "rack-exhaust")
    print(f"CFD energy balance: rack heat {heat / 1e3:.1f} kW, removed at the sinks "
          f"{removed / 1e3:.1f} kW ({100 * (removed - heat) / heat:+.1f} %; sink flows as prescribed)")
    print(f"MEAN_ABS_ERROR_K={mean_abs:.3f} MAX_ABS_ERROR_K={max_abs:.3f} RMSE_K={rmse:.3f} "
          f"HOTTEST_FOUND={hot_found}")


if __name__ == "__main__":
    main()
