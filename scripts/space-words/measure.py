#!/usr/bin/env python3
"""How often `edrcube inspect` finds the space a public cube states in its own words.

Usage: scripts/space-words/measure.py EDRCUBE [--git OWNER/NAME=GIT_DIR ...]

Reads scripts/space-words/corpus.tsv (split, repository, commit, path, expected), takes each
file from the repository (a local path for `local`; `git show COMMIT:PATH` from the given
git directory otherwise: the files are pinned, not copied), runs `EDRCUBE inspect --json`
and counts, per split: files stating a space EDRCube has and how many were detected
(input curve right, from the cube's words or comment), files stating none or one EDRCube
lacks and how many were announced as assumed, and wrong detections.
"""
import json, subprocess, sys, tempfile

import corpus

def main():
    edrcube = sys.argv[1]
    gits = dict(a.split("=", 1) for a in sys.argv[2:] if "=" in a)
    stats = {}
    with tempfile.TemporaryDirectory() as tmp:
        for split, path, expected, file in corpus.files(gits, tmp):
            s = stats.setdefault(split, {"stated": 0, "detected": 0, "silent": 0, "announced": 0,
                                         "wrong": [], "absent": 0})
            if file is None:
                s["absent"] += 1
                continue
            r = subprocess.run([edrcube, "inspect", "--json", file], capture_output=True, text=True)
            reply = json.loads(r.stdout) if r.returncode == 0 and r.stdout.strip() else {}
            space = reply.get("space", {"origin": "error: " + r.stderr.strip()[:200]})
            found = space.get("transfer") if space["origin"] in ("cube's words", "cube comment") else None
            if expected == "-" or expected.startswith("announce:"):
                s["silent"] += 1
                if found is None and space["origin"] == "default":
                    s["announced"] += 1
                else:
                    s["wrong"].append(f"{path}: {found} ({space['origin']}), expected {expected}")
            else:
                s["stated"] += 1
                if found == expected:
                    s["detected"] += 1
                else:
                    s["wrong"].append(f"{path}: {found} ({space['origin']}), expected {expected}")
    for split, s in stats.items():
        print(f"{split}: stated {s['detected']}/{s['stated']} detected; "
              f"naming none (or an unknown curve) {s['announced']}/{s['silent']} announced; "
              f"{s['absent']} file(s) absent")
        for w in s["wrong"]:
            print("  wrong: " + w)

main()
