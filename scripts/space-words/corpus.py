"""The public cubes of corpus.tsv, taken from pinned git directories (never copied)."""
import os, subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def rows():
    """(split, repository, commit, path, expected) for each cube of corpus.tsv."""
    return [l.rstrip("\n").split("\t") for l in open(os.path.join(ROOT, "scripts/space-words/corpus.tsv"))
            if l.strip() and not l.startswith("#")]


def files(gits, tmp):
    """(split, path, expected, file) for each cube: a repository file for `local`, else
    `git show COMMIT:PATH` from the git directory `gits[OWNER/NAME]` written under `tmp`
    (file None when the repository is not given or lacks the blob)."""
    for split, repo, commit, path, expected in rows():
        if repo == "local":
            yield split, path, expected, os.path.join(ROOT, path)
            continue
        blob = subprocess.run(["git", "--git-dir", gits[repo], "show", f"{commit}:{path}"],
                              capture_output=True) if repo in gits else None
        if blob is None or blob.returncode != 0:
            yield split, path, expected, None
            continue
        file = os.path.join(tmp, os.path.basename(path))
        open(file, "wb").write(blob.stdout)
        yield split, path, expected, file
