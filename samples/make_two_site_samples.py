#!/usr/bin/env python3
"""Regenerate the two-site sample scenes from their siting studies.

samples/two-site-10k.json: option "ulanqab-cn + guian-cn" of samples/siting/china-10k-405b.json
samples/lab-256-two-sites.json: the same pair in samples/siting/lab-256-two-sites.json

Usage: samples/make_two_site_samples.py build/tools/myriad-cli
The option is found by its label in the study's CSV, so a change of ranking does not matter.
"""
import csv
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
PAIR = "ulanqab-cn + guian-cn"
SAMPLES = [
    ("siting/china-10k-405b.json", "two-site-10k.json",
     "Two sites: Ulanqab + Gui'an, 10,240 H100 GPUs"),
    ("siting/lab-256-two-sites.json", "lab-256-two-sites.json",
     "Lab over two sites: Ulanqab + Gui'an, 256 H100 GPUs"),
]


def rank_of(cli, study):
    with tempfile.TemporaryDirectory() as tmp:
        table = Path(tmp) / "t.csv"
        subprocess.run([cli, "siting", str(study), "--csv", str(table)], check=True,
                       stdout=subprocess.DEVNULL)
        for row in csv.DictReader(table.open()):
            if row["option"] == PAIR:
                return row["rank"]
    raise SystemExit(f"{study}: no option {PAIR}")


def main():
    cli = sys.argv[1] if len(sys.argv) > 1 else "build/tools/myriad-cli"
    for study, scene, name in SAMPLES:
        out = HERE / scene
        subprocess.run([cli, "siting", str(HERE / study), "--top", "1", "--scene", str(out),
                        "--option", rank_of(cli, HERE / study)], check=True,
                       stdout=subprocess.DEVNULL)
        text = out.read_text()
        # The scene and its spec take the sample's name instead of the study's long one.
        text = re.sub(r'("(?:site|spec)": \{\n\t\t"name": )"(?:[^"\\\n]|\\.)*"',
                      lambda m: m.group(1) + '"' + name + '"', text, count=2)
        out.write_text(text)
        print(f"wrote {out}")


if __name__ == "__main__":
    main()
