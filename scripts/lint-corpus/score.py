#!/usr/bin/env python3
"""Score edrlint on the public kernel corpus (docs/lint-corpus.md).

    scripts/lint-corpus/score.py [--set original|untuned] [--half all|dev|test|heldout]
                                 [--cache DIR] [--mirror DIR] [--linter PATH] [--verbose]

--set original scores Tests/Fixtures/lint-corpus/ (the corpus the linter was first tuned on);
--set untuned scores Tests/Fixtures/lint-corpus/untuned/, split by repository owner into a
development half, the first three rounds' test half (scored, so no longer held out) and the
fourth round's held-out set (--half heldout).

1. Places every file of the chosen manifest.json under --cache
   (default ~/.cache/edrcube-lint-corpus) as OWNER/NAME/PATH: from the cache itself, from a
   git directory --mirror/OWNER+NAME (bare or with a .git), or by fetching the pinned commit
   from GitHub when the network allows. The third-party sources never enter this repository.
2. Runs the linter (default .build/debug/edrlint; `edrcube lint` works too) with the default
   configuration and --format json on each file, timing each run.
3. Prints precision and recall per rule family against labels.json: EDR001/EDR002 findings
   are matched to hand-labelled clamp-like calls by file and line, ALPHA001/ALPHA002 findings
   to hand-labelled entry points by file and kernel name.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from collections import Counter

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURES = os.path.join(ROOT, "Tests", "Fixtures", "lint-corpus")
EDR_RULES = {"EDR001", "EDR002"}
ALPHA_RULES = {"ALPHA001", "ALPHA002"}


def git_show(git_dir, commit, path):
    result = subprocess.run(["git", "-C", git_dir, "show", f"{commit}:{path}"], capture_output=True)
    return result.stdout if result.returncode == 0 else None


def mirror_git_dir(mirror, repo):
    base = os.path.join(mirror, repo.replace("/", "+"))
    for candidate in (os.path.join(base, "repo", ".git"), os.path.join(base, "repo"), base):
        if os.path.isdir(os.path.join(candidate, "objects")):
            return candidate
    return None


def fetched_git_dir(cache, repo, commit):
    """A partial clone of the repository at the pinned commit, or None without network."""
    git_dir = os.path.join(cache, ".git-objects", repo.replace("/", "+"))
    if not os.path.isdir(git_dir):
        os.makedirs(git_dir)
        subprocess.run(["git", "init", "--bare", "-q", git_dir], check=True)
    fetch = ["git", "-C", git_dir, "fetch", "-q", "--depth", "1", f"https://github.com/{repo}", commit]
    return git_dir if subprocess.run(fetch, capture_output=True).returncode == 0 else None


def place(manifest, cache, mirror):
    """Puts each corpus file under cache; returns the relative paths that could not be placed."""
    missing = []
    fetched = {}
    for entry in manifest["files"]:
        relative = f"{entry['repo']}/{entry['path']}"
        target = os.path.join(cache, relative)
        if os.path.isfile(target):
            continue
        text = None
        if mirror:
            git_dir = mirror_git_dir(mirror, entry["repo"])
            text = git_show(git_dir, entry["commit"], entry["path"]) if git_dir else None
        if text is None:
            key = (entry["repo"], entry["commit"])
            if key not in fetched:
                fetched[key] = fetched_git_dir(cache, *key)
            text = git_show(fetched[key], entry["commit"], entry["path"]) if fetched[key] else None
        if text is None:
            missing.append(relative)
            continue
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "wb") as handle:
            handle.write(text)
    return missing


def lint(linter, cache, relative):
    """Runs the linter on one file; returns (findings, seconds, crashed or failed internally)."""
    command = linter + ["--format", "json", relative]
    start = time.monotonic()
    result = subprocess.run(command, cwd=cache, capture_output=True, text=True)
    seconds = time.monotonic() - start
    crashed = result.returncode < 0 or result.returncode >= 128 or not result.stdout.strip()
    if crashed:
        return [], seconds, True
    return json.loads(result.stdout)["findings"], seconds, result.returncode == 2


def ratio(numerator, denominator):
    return f"{numerator / denominator:.3f}" if denominator else "n/a"


def score_edr(findings, labels, verbose):
    remaining = Counter()
    hostile = Counter()
    for label in labels["clamps"]:
        key = (label["file"], label["line"])
        remaining[key] += 1
        hostile[key] += label["hostile"]
    true_positive = false_positive = 0
    seen = set()
    for finding in findings:
        if finding["ruleId"] not in EDR_RULES or finding.get("suppressed"):
            continue
        key = (finding["file"], finding["line"])
        if (key, finding["column"]) in seen:
            continue
        seen.add((key, finding["column"]))
        if hostile[key] > 0:
            hostile[key] -= 1
            true_positive += 1
        else:
            false_positive += 1
            if verbose:
                kind = "labelled not hostile" if remaining[key] else "unlabelled"
                print(f"  EDR false positive ({kind}): {key[0]}:{key[1]} {finding['ruleId']}")
    misses = [key for key, count in hostile.items() for _ in range(count)]
    if verbose:
        for key in sorted(misses):
            print(f"  EDR miss: {key[0]}:{key[1]}")
    return true_positive, false_positive, len(misses)


def score_alpha(findings, labels, verbose):
    verdicts = {(label["file"], label["kernel"]): label.get("leaves") for label in labels["alpha"]}
    flagged = {}
    for finding in findings:
        if finding["ruleId"] in ALPHA_RULES and not finding.get("suppressed"):
            key = (finding["file"], finding.get("kernel", ""))
            flagged.setdefault(key, set()).add(finding["ruleId"])
    true_positive = false_positive = error_where_warning = 0
    for key, rules in sorted(flagged.items()):
        if verdicts.get(key):
            true_positive += 1
            error_where_warning += verdicts[key] == "B" and "ALPHA001" in rules
        else:
            false_positive += 1
            if verbose:
                kind = "labelled in range" if key in verdicts else "unlabelled"
                print(f"  ALPHA false positive ({kind}): {key[0]} {key[1]} {sorted(rules)}")
    misses = [key for key, verdict in verdicts.items() if verdict and key not in flagged]
    if verbose:
        for key in sorted(misses):
            print(f"  ALPHA miss: {key[0]} {key[1]}")
    return true_positive, false_positive, len(misses), error_where_warning


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cache", default=os.path.expanduser("~/.cache/edrcube-lint-corpus"))
    parser.add_argument("--mirror", help="folder of git directories named OWNER+NAME")
    parser.add_argument("--linter", default=os.path.join(ROOT, ".build", "debug", "edrlint"),
                        help="edrlint, or 'edrcube lint' (quoted)")
    parser.add_argument("--verbose", action="store_true", help="list every false positive and miss")
    parser.add_argument("--set", choices=["original", "untuned"], default="original",
                        help="which corpus: the original one or the untuned one (issue 33)")
    parser.add_argument("--half", choices=["all", "dev", "test", "heldout"], default="all",
                        help="untuned corpus only: the development half, the earlier test half, "
                        "the fourth round's held-out set, or all of them")
    args = parser.parse_args()

    fixtures = FIXTURES if args.set == "original" else os.path.join(FIXTURES, "untuned")
    with open(os.path.join(fixtures, "manifest.json")) as handle:
        manifest = json.load(handle)
    with open(os.path.join(fixtures, "labels.json")) as handle:
        labels = json.load(handle)
    if args.half != "all":
        manifest["files"] = [e for e in manifest["files"] if e.get("half") == args.half]
        kept = {f"{e['repo']}/{e['path']}" for e in manifest["files"]}
        labels = {key: [item for item in labels[key] if item["file"] in kept] for key in ("clamps", "alpha")}
    linter = args.linter.split() if " " in args.linter else [args.linter]
    if os.path.isfile(linter[0]):
        linter[0] = os.path.abspath(linter[0])  # the linter runs inside the cache
    elif not shutil.which(linter[0]):
        sys.exit(f"score.py: linter not found: {linter[0]} (build it with swift build)")
    os.makedirs(args.cache, exist_ok=True)
    missing = place(manifest, args.cache, args.mirror)
    for relative in missing:
        print(f"score.py: could not place {relative} (no cache, mirror or network)", file=sys.stderr)

    findings, slow, crashes = [], [], []
    placed = [f"{e['repo']}/{e['path']}" for e in manifest["files"] if f"{e['repo']}/{e['path']}" not in missing]
    longest = 0.0
    for relative in placed:
        file_findings, seconds, crashed = lint(linter, args.cache, relative)
        findings += file_findings
        longest = max(longest, seconds)
        if seconds > 1.0:
            slow.append(relative)
        if crashed:
            crashes.append(relative)

    repos = len({e["repo"] for e in manifest["files"]})
    print(f"corpus: {len(placed)} of {len(manifest['files'])} files from {repos} repositories; "
          f"{len(labels['clamps'])} clamp-like calls ({sum(c['hostile'] for c in labels['clamps'])} hostile), "
          f"{len(labels['alpha'])} entry points ({sum('leaves' in a for a in labels['alpha'])} with alpha leaving [0,1])")
    tp, fp, fn = score_edr(findings, labels, args.verbose)
    print(f"EDR001/EDR002: precision {ratio(tp, tp + fp)} recall {ratio(tp, tp + fn)} (tp {tp}, fp {fp}, fn {fn})")
    tp, fp, fn, severe = score_alpha(findings, labels, args.verbose)
    print(f"ALPHA001/ALPHA002: precision {ratio(tp, tp + fp)} recall {ratio(tp, tp + fn)} "
          f"(tp {tp}, fp {fp}, fn {fn}; ALPHA001 where ALPHA002 fits: {severe})")
    print(f"crashes: {len(crashes)}; files over 1 s: {len(slow)}; slowest file: {longest:.2f} s")
    for relative in crashes + slow:
        print(f"  {relative}")
    return 1 if missing or crashes else 0


if __name__ == "__main__":
    sys.exit(main())
