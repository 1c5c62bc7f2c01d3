#!/usr/bin/env python3
"""Compare the model with the stored CFD rack inlets of the family (no OpenFOAM needed).

For every scene `<case>.json` of this folder that has a stored run `results/<case>.md`, the
model is solved (`myriad-cli thermal <scene> --cell 0.3 --top 0 --out X.json`, plus
`--entrainment C` / `--diffusivity K` when given) and its rack-inlet means (the JSON's
`inletMeanC`, as compare.py reads them) are compared with the table's "CFD inlet (°C)" column.
The stored "model inlet" column is ignored: it is the model as it was when the case was run.
Prints per case: RMSE, max |error|, mean signed error (model − CFD) and how many of the CFD's
four hottest racks are among the model's five hottest (issue 17's ranking test), then the
totals. `--tuned a,b` marks cases used for tuning: they are reported apart from the others.

  bench/openfoam/family/model_vs_stored.py [--entrainment C] [--diffusivity K]
      [--cli build/tools/myriad-cli] [--cases s095-grilles,...] [--tuned s095-grilles]
      [--table] (per-rack rows too) [--suffix -refine2] (results/<case>-refine2.md instead)
"""
import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))


def stored_cfd(path):
    """{rack id: CFD inlet °C} from the first table of a results/<case>.md file."""
    cfd, column = {}, None
    with open(path) as f:
        for line in f:
            if not line.startswith("|"):
                if cfd:
                    break  # the first table ends here
                continue
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if column is None:
                if "CFD inlet (°C)" in cells:
                    column = cells.index("CFD inlet (°C)")
                continue
            if set(cells[0]) <= set("-: "):
                continue
            cfd[cells[0]] = float(cells[column])
    if not cfd:
        sys.exit(f"model_vs_stored: no 'CFD inlet (°C)' table in {path}")
    return cfd


def model_inlets(cli, scene, extra):
    """{rack id: model inlet mean °C} of the scene's first hall."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "e.json")
        cmd = [cli, "thermal", scene, "--cell", "0.3", "--top", "0", "--out", out] + extra
        run = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if run.returncode != 0:
            sys.exit(f"model_vs_stored: {' '.join(cmd)} failed:\n{run.stderr}")
        with open(out) as f:
            halls = json.load(f)
    return {r["id"]: r["inletMeanC"] for r in halls[0]["racks"]}


def score(model, cfd):
    racks = sorted(cfd)
    errors = [model[r] - cfd[r] for r in racks]
    n = len(errors)
    cfd_top = sorted(racks, key=lambda r: -cfd[r])[:4]
    model_top = sorted(racks, key=lambda r: -model[r])[:5]
    return {
        "rmse": (sum(e * e for e in errors) / n) ** 0.5,
        "max": max(abs(e) for e in errors),
        "bias": sum(errors) / n,
        "found": sum(1 for r in cfd_top if r in model_top),
        "errors": errors,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cli", default=os.environ.get("MYRIAD_CLI",
                                                    os.path.join(ROOT, "build/tools/myriad-cli")))
    ap.add_argument("--entrainment", help="myriad-cli thermal --entrainment C")
    ap.add_argument("--diffusivity", help="myriad-cli thermal --diffusivity K")
    ap.add_argument("--cases", default="", help="comma-separated case names (default: all)")
    ap.add_argument("--tuned", default="", help="comma-separated cases used for tuning")
    ap.add_argument("--table", action="store_true", help="print every rack")
    ap.add_argument("--suffix", default="",
                    help="compare with results/<case><suffix>.md (e.g. -refine2, the finer CFD)")
    args = ap.parse_args()
    extra = []
    if args.entrainment is not None:
        extra += ["--entrainment", args.entrainment]
    if args.diffusivity is not None:
        extra += ["--diffusivity", args.diffusivity]
    wanted = [c for c in args.cases.split(",") if c]
    tuned = {c for c in args.tuned.split(",") if c}

    print(f"{'case':<18} {'rmse_K':>7} {'max_K':>7} {'bias_K':>7} hottest_found")
    groups = {"tuned": [], "validation": []}
    for scene in sorted(glob.glob(os.path.join(HERE, "*.json"))):
        name = os.path.splitext(os.path.basename(scene))[0]
        table = os.path.join(HERE, "results", name + args.suffix + ".md")
        if not os.path.exists(table) or (wanted and name not in wanted):
            continue
        cfd = stored_cfd(table)
        model = model_inlets(args.cli, scene, extra)
        s = score(model, cfd)
        mark = " (tuned)" if name in tuned else ""
        print(f"{name:<18} {s['rmse']:7.2f} {s['max']:7.2f} {s['bias']:+7.2f} "
              f"{s['found']} of 4{mark}")
        if args.table:
            for rack in sorted(cfd):
                print(f"    {rack:<12} model {model[rack]:6.2f}  CFD {cfd[rack]:6.2f}  "
                      f"{model[rack] - cfd[rack]:+6.2f}")
        groups["tuned" if name in tuned else "validation"].append(s)
    for label, scores in groups.items():
        if not scores:
            continue
        errors = [e for s in scores for e in s["errors"]]
        rmse = (sum(e * e for e in errors) / len(errors)) ** 0.5
        worst = max(s["rmse"] for s in scores)
        print(f"{label}: {len(scores)} cases, pooled RMSE {rmse:.2f} K, worst case RMSE "
              f"{worst:.2f} K, max |error| {max(abs(e) for e in errors):.2f} K")


if __name__ == "__main__":
    main()
