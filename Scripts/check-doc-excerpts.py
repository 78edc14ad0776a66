#!/usr/bin/env python3
"""Check that code blocks the documentation presents as excerpts of real files are exact excerpts.

A page that walks through a fixture (Docs/FirstApp.md walks through Fixtures/DefaultMainActorApp) shows
the fixture's code instead of code written for the page, so that what a reader copies is what CI builds,
runs and tests. That holds only while the blocks still match the files: this script fails when the
fixture changes and the page does not.

A block is checked when the line right before its opening fence is

    <!-- excerpt: Fixtures/DefaultMainActorApp/Sources/Harbor/Services.swift -->

with the path relative to the repository root (the parent of this script's directory). Its lines must
appear as consecutive lines of that file, compared exactly except for trailing whitespace. A block line
that is only `// …` matches any run of zero or more lines of the file, so an excerpt may leave out a
middle part. Fences indented inside a list item are allowed; the fence's indentation is removed from
the block's lines before they are compared.

Usage: Scripts/check-doc-excerpts.py [FILE.md ...]   (default: every Docs/*.md)

Prints one line per failure (`Docs/FirstApp.md:LINE: excerpt not found in PATH`, LINE being the opening
fence's) and exits 1 if there is any; otherwise prints `doc excerpts: N blocks in M files match`, M
counting the Markdown files that hold at least one excerpt, and exits 0.
"""

import re
import sys
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXCERPT = re.compile(r"^\s*<!--\s*excerpt:\s*(\S+)\s*-->\s*$")
FENCE = re.compile(r"^( *)(`{3,}|~{3,})(.*)$")
ELISION = "// …"


def display(path):
    """The path as failures name it: relative to the repository root when it is inside it."""
    try:
        return str(path.resolve().relative_to(ROOT))
    except ValueError:
        return str(path)


def closes(line, fence, indent):
    """Whether `line` closes a block opened by `fence` indented by `indent` spaces."""
    stripped = line.strip()
    return (len(line) - len(line.lstrip(" ")) <= indent + 3 and len(stripped) >= len(fence)
            and stripped == fence[0] * len(stripped))


def blocks(lines):
    """Yields (fence line number, excerpt path or None, block lines) for each fenced code block."""
    i = 0
    while i < len(lines):
        opening = FENCE.match(lines[i])
        if not opening:
            i += 1
            continue
        indent, fence, info = len(opening.group(1)), opening.group(2), opening.group(3)
        if fence[0] == "`" and "`" in info:
            i += 1  # not a fence: an info string may not contain a backtick
            continue
        comment = EXCERPT.match(lines[i - 1]) if i > 0 else None
        body = []
        j = i + 1
        while j < len(lines) and not closes(lines[j], fence, indent):
            line = lines[j]
            strip = min(indent, len(line) - len(line.lstrip(" ")))
            body.append(line[strip:])
            j += 1
        yield i + 1, comment.group(1) if comment else None, body
        i = j + 1


def matches(pattern, text):
    """Whether `pattern` (block lines, `// …` eliding any run) occurs as consecutive lines of `text`."""
    pattern = [line.rstrip() for line in pattern]
    text = [line.rstrip() for line in text]

    @lru_cache(maxsize=None)
    def match(p, t):
        if p == len(pattern):
            return True
        if pattern[p].strip() == ELISION:
            return any(match(p + 1, u) for u in range(t, len(text) + 1))
        return t < len(text) and pattern[p] == text[t] and match(p + 1, t + 1)

    if not any(line.strip() != ELISION for line in pattern):
        return False  # an empty block, or elisions alone, shows nothing of the file
    return any(match(0, start) for start in range(len(text)))


def check(markdown, failures):
    """Checks one Markdown file; returns the number of excerpt blocks that match."""
    lines = markdown.read_text(encoding="utf-8").splitlines()
    name = display(markdown)
    matched = 0
    fence_lines = set()
    for number, path, body in blocks(lines):
        fence_lines.add(number)
        if path is None:
            continue
        source = ROOT / path
        if not source.is_file():
            failures.append(f"{name}:{number}: excerpt file {path} does not exist")
        elif not matches(body, source.read_text(encoding="utf-8").splitlines()):
            failures.append(f"{name}:{number}: excerpt not found in {path}")
        else:
            matched += 1
    # A comment that does not sit right above a fence would silently check nothing.
    in_block = set()
    for number, _, body in blocks(lines):
        in_block.update(range(number, number + len(body) + 2))
    for index, line in enumerate(lines):
        if EXCERPT.match(line) and index + 1 not in in_block and index + 2 not in fence_lines:
            failures.append(f"{name}:{index + 1}: excerpt comment not followed by a code block on the next line")
    return matched


def main(arguments):
    files = [Path(argument) for argument in arguments] or sorted((ROOT / "Docs").glob("*.md"))
    failures = []
    total = 0
    with_excerpts = 0
    for markdown in files:
        if not markdown.is_file():
            failures.append(f"{markdown}: no such file")
            continue
        count = check(markdown, failures)
        total += count
        with_excerpts += count > 0
    for failure in failures:
        print(failure)
    if failures:
        return 1
    print(f"doc excerpts: {total} blocks in {with_excerpts} files match")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
