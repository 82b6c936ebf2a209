#!/usr/bin/env python3
"""Writes edrcube's man page (man(7) roff) from the tool's own help.

    python3 scripts/make-manpage.py BINARY OUT.1

The help comes from `BINARY --experimental-dump-help` (swift-argument-parser's description of
every command, option and value), so the page always matches the binary it ships with; no
plugin has to run. `make install` calls it; CI checks the page is installed.
"""
import json
import subprocess
import sys


def roff(text):
    """Text safe in a roff body: backslashes escaped, no line starting with a control character."""
    lines = []
    for line in (text or "").replace("\\", "\\e").split("\n"):
        line = line.replace("-", "\\-")
        lines.append("\\&" + line if line[:1] in (".", "'") else line)
    return "\n".join(lines)


def names(argument):
    """`-o, --output` as bold roff."""
    spelled = []
    for name in argument.get("names", []):
        dashes = "-" if name["kind"] == "short" else "--"
        spelled.append("\\fB" + roff(dashes + name["name"]) + "\\fR")
    return ", ".join(spelled)


def describe(argument):
    """The .TP entry of one argument, or None for hidden ones."""
    if not argument.get("shouldDisplay", True):
        return None
    kind = argument["kind"]
    value = argument.get("valueName", "")
    if kind == "positional":
        head = "\\fI" + roff(value) + "\\fR" + ("..." if argument.get("isRepeating") else "")
    elif kind == "option":
        head = names(argument) + " \\fI" + roff(value) + "\\fR"
    else:
        head = names(argument)
    body = roff(argument.get("abstract", ""))
    values = argument.get("allValues")
    if values:
        body += "\n(values: " + roff(", ".join(values)) + ")"
    if argument.get("defaultValue") not in (None, ""):
        body += "\n(default: " + roff(str(argument["defaultValue"])) + ")"
    return ".TP\n" + head + "\n" + body


def command_section(command, path):
    """A .SS section for `path` (e.g. `edrcube apply`) and its subcommands after it."""
    out = [".SS " + roff(" ".join(path))]
    if command.get("abstract"):
        out.append(roff(command["abstract"]))
    if command.get("discussion"):
        out += [".PP", roff(command["discussion"])]
    entries = [e for e in map(describe, command.get("arguments", [])) if e]
    out += entries
    for sub in command.get("subcommands", []):
        if sub.get("shouldDisplay", True) and sub["commandName"] != "help":
            out += command_section(sub, path + [sub["commandName"]])
    return out


def main():
    binary, target = sys.argv[1], sys.argv[2]
    info = json.loads(subprocess.run(
        [binary, "--experimental-dump-help"], check=True, capture_output=True, text=True).stdout)
    version = subprocess.run(
        [binary, "--version"], check=True, capture_output=True, text=True).stdout.strip()
    root = info["command"]
    name = root["commandName"]
    subcommands = [s for s in root.get("subcommands", []) if s["commandName"] != "help"]
    page = [
        '.TH %s 1 "" "%s %s" "User Commands"' % (name.upper(), name, roff(version)),
        ".SH NAME",
        "%s \\- %s" % (name, roff(root.get("abstract", ""))),
        ".SH SYNOPSIS",
        ".B %s" % name,
        "\\fISUBCOMMAND\\fR [\\fIOPTIONS\\fR]",
        ".SH DESCRIPTION",
        roff(root.get("discussion") or root.get("abstract", "")),
        ".SH OPTIONS",
    ]
    page += [e for e in map(describe, root.get("arguments", [])) if e]
    page.append(".SH COMMANDS")
    for sub in subcommands:
        page += command_section(sub, [name, sub["commandName"]])
    page += [
        ".SH EXIT STATUS",
        "0 on success, 1 when a command fails, 64 for unusable arguments "
        "(\\fBlint\\fR: 0 clean, 1 findings, 2 could not run).",
    ]
    with open(target, "w", encoding="utf-8") as f:
        f.write("\n".join(page) + "\n")


if __name__ == "__main__":
    main()
