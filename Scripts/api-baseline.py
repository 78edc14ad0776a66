#!/usr/bin/env python3
"""The public API of Monsoon's libraries, one declaration per line, checked against API/<library>.txt.

Every addition, removal or change to a public declaration changes a line, so `.ci/run` fails until the
baseline is updated in the same commit: the change is visible and deliberate in review.

    swift package dump-symbol-graph --minimum-access-level public --skip-synthesized-members
    Scripts/api-baseline.py --check  "$(swift build --show-bin-path)/../symbolgraph"
    Scripts/api-baseline.py --update "$(swift build --show-bin-path)/../symbolgraph"
    Scripts/api-baseline.py --count          # the surface as the issue counts it, from the sources
    Scripts/api-baseline.py --check-inlinable   # inlinable code only where API/Inlinable.txt allows it
    Scripts/api-baseline.py --update-inlinable
    Scripts/api-baseline.py --check-unchecked   # unchecked constructs only where API/Unchecked.txt lists them
    Scripts/api-baseline.py --update-unchecked

Inlinable code is compiled into the caller's module, so what it references is part of the library's
surface too: API/Inlinable.txt lists, per file, how many `@inlinable` and `@usableFromInline`
declarations it holds. A new file with either, or a larger count, fails the check until the list is
updated in the same commit (Docs/Design.md, "Inlinable code", says which files may hold them and why).

Unchecked constructs (`unsafeDowncast`, `unsafelyUnwrapped`, `Unmanaged`, `unsafeBitCast`,
`unowned(unsafe)`, `nonisolated(unsafe)`, `@exclusivity(unchecked)`, raw and typed pointers) trade a
check Swift makes for an invariant a reader must verify: API/Unchecked.txt lists, per file, how many
lines use one, and how many call one of the unchecked helpers `Sources/Monsoon/Runtime/` defines
(`UnretainedReference`, `reinterpret`, `objectReference`, `callIgnoringIsolation`, `markedSendable`,
`UncheckedStorage`, `PublishedFields`, `PublishingObject`, `withUnretained`, `uncheckedCast`, `uncheckedValue`, `object(atAddress:as:)`,
`CurrentThread`, `ThreadIdentity`). A new file or a larger count fails the check
until the list is updated in the same commit, so that each new one is reviewed.
"""
import difflib
import json
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
LIBRARIES = ["Monsoon", "MonsoonTesting", "MonsoonLifecycle", "MonsoonMediator", "MonsoonRouter"]
PUBLIC_LINE = re.compile(r"^\s*(@[A-Za-z_]+(\([^)]*\))?\s+)*(public|open)\s")
PUBLIC_TYPE = re.compile(r"^\s*(@[A-Za-z_]+(\([^)]*\))?\s+)*(public|open)\s+(final\s+)?(class|struct|enum|protocol|actor|typealias)\s")


def declarations(symbol_dir: pathlib.Path, library: str) -> list[str]:
    lines = set()
    # The library's own graph, and the graphs of its extensions to other modules' types.
    for path in sorted(symbol_dir.glob(f"{library}.symbols.json")) + sorted(symbol_dir.glob(f"{library}@*.symbols.json")):
        graph = json.loads(path.read_text())
        for symbol in graph["symbols"]:
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            fragments = symbol.get("declarationFragments") or []
            declaration = " ".join("".join(f["spelling"] for f in fragments).split())
            name = ".".join(symbol["pathComponents"])
            extended = path.stem.split("@")[1].split(".")[0] if "@" in path.stem else None
            where = f" (extends {extended})" if extended else ""
            lines.add(f"{symbol['kind']['identifier'].removeprefix('swift.')} {name}{where}: {declaration}")
    return sorted(lines)


def count() -> None:
    sources = sorted((ROOT / "Sources" / "Monsoon").rglob("*.swift"))
    text = [line for source in sources for line in source.read_text().splitlines()]
    print(f"Sources/Monsoon: {sum(bool(PUBLIC_LINE.match(l)) for l in text)} public/open declaration lines, "
          f"{sum(bool(PUBLIC_TYPE.match(l)) for l in text)} public types")
    for library in LIBRARIES:
        baseline = ROOT / "API" / f"{library}.txt"
        if baseline.exists():
            print(f"API/{library}.txt: {len(baseline.read_text().splitlines())} public declarations")


def inlinable_counts() -> dict[str, tuple[int, int]]:
    """Each source file holding inlinable code: its `@inlinable` and `@usableFromInline` counts."""
    counts = {}
    for source in sorted((ROOT / "Sources").rglob("*.swift")):
        text = source.read_text()
        found = (text.count("@inlinable"), text.count("@usableFromInline"))
        if any(found):
            counts[str(source.relative_to(ROOT))] = found
    return counts


def check_counts(update: bool, listing: str, current: dict[str, tuple[int, int]], labels: tuple[str, str],
                 advice: str, summary: str) -> int:
    """Checks per-file counts against API/<listing> (`name: <n> <label 1>, <m> <label 2>` per line), or
    rewrites the listing: the exit status; each failure is printed, with `advice`, or else `summary`."""
    path = ROOT / "API" / listing
    first, second = labels
    if update:
        path.write_text("".join(f"{name}: {a} {first}, {b} {second}\n" for name, (a, b) in current.items()))
        return 0
    row = re.compile(rf"^(.+): (\d+) {re.escape(first)}, (\d+) {re.escape(second)}$")
    allowed = {}
    for line in path.read_text().splitlines():
        name, a, b = row.match(line).groups()
        allowed[name] = (int(a), int(b))
    failures = [f"{name}: {a} {first}, {b} {second} (allowed: {allowed.get(name, (0, 0))[0]}, {allowed.get(name, (0, 0))[1]})"
                for name, (a, b) in current.items()
                if a > allowed.get(name, (0, 0))[0] or b > allowed.get(name, (0, 0))[1]]
    for failure in failures:
        print("api-baseline: " + failure, file=sys.stderr)
    if failures:
        print("api-baseline: " + advice, file=sys.stderr)
        return 1
    print(summary)
    return 0


def check_inlinable(update: bool) -> int:
    current = inlinable_counts()
    return check_counts(update, "Inlinable.txt", current, ("@inlinable", "@usableFromInline"),
                        "inlinable code grew. If it belongs on the warm or build path (Docs/Design.md, \"Inlinable code\"), "
                        "run Scripts/api-baseline.py --update-inlinable and commit API/Inlinable.txt.",
                        f"Inlinable code: {sum(i for i, _ in current.values())} @inlinable and "
                        f"{sum(u for _, u in current.values())} @usableFromInline declarations in {len(current)} files, "
                        "as API/Inlinable.txt allows")


UNCHECKED_CONSTRUCT = re.compile(
    r"unsafeDowncast|unsafelyUnwrapped|Unmanaged|unsafeBitCast|unowned\(unsafe\)|nonisolated\(unsafe\)"
    r"|@exclusivity\(unchecked\)|Unsafe(Mutable)?(Raw)?(Buffer)?Pointer|withUnsafe\w*(Pointer|Bytes)")
UNCHECKED_HELPER = re.compile(
    r"\b(UnretainedReference|reinterpret|objectReference|callIgnoringIsolation|markedSendable|UncheckedStorage"
    r"|PublishedFields|PublishingObject|withUnretained|uncheckedCast|uncheckedValue|object\(atAddress|CurrentThread"
    r"|ThreadIdentity)\b")
RUNTIME = "Sources/Monsoon/Runtime/"


def unchecked_counts() -> dict[str, tuple[int, int]]:
    """Each source file using an unchecked construct or a Runtime helper: the lines of each (comments aside)."""
    counts = {}
    for source in sorted((ROOT / "Sources").rglob("*.swift")):
        name = str(source.relative_to(ROOT))
        code = [line for line in source.read_text().splitlines() if not line.lstrip().startswith("//")]
        constructs = sum(1 for line in code if UNCHECKED_CONSTRUCT.search(line))
        helpers = 0 if name.startswith(RUNTIME) else sum(1 for line in code if UNCHECKED_HELPER.search(line))
        if constructs or helpers:
            counts[name] = (constructs, helpers)
    return counts


def check_unchecked(update: bool) -> int:
    current = unchecked_counts()
    outside = [name for name, (c, _) in current.items() if c and name.startswith("Sources/Monsoon/") and not name.startswith(RUNTIME)]
    return check_counts(update, "Unchecked.txt", current, ("unchecked", "through Runtime"),
                        "unchecked code grew. If it is measured and necessary (Docs/Performance.md, \"Rules that still hold\"), "
                        "run Scripts/api-baseline.py --update-unchecked and commit API/Unchecked.txt.",
                        f"Unchecked code: {sum(c for c, _ in current.values())} lines with an unchecked construct and "
                        f"{sum(h for _, h in current.values())} calling Runtime's unchecked helpers, in {len(current)} files; "
                        f"in the core outside {RUNTIME}: {', '.join(outside) or 'none'}; as API/Unchecked.txt allows")


def main() -> int:
    if sys.argv[1:] == ["--count"]:
        count()
        return 0
    if sys.argv[1:] in (["--check-inlinable"], ["--update-inlinable"]):
        return check_inlinable(update=sys.argv[1] == "--update-inlinable")
    if sys.argv[1:] in (["--check-unchecked"], ["--update-unchecked"]):
        return check_unchecked(update=sys.argv[1] == "--update-unchecked")
    if len(sys.argv) != 3 or sys.argv[1] not in ("--check", "--update"):
        print(__doc__, file=sys.stderr)
        return 2
    symbol_dir = pathlib.Path(sys.argv[2])
    changed = False
    for library in LIBRARIES:
        current = declarations(symbol_dir, library)
        if not current:
            print(f"api-baseline: no symbol graph for {library} in {symbol_dir}", file=sys.stderr)
            return 2
        baseline_path = ROOT / "API" / f"{library}.txt"
        if sys.argv[1] == "--update":
            baseline_path.write_text("\n".join(current) + "\n")
            continue
        baseline = baseline_path.read_text().splitlines() if baseline_path.exists() else []
        if baseline != current:
            changed = True
            sys.stdout.writelines(line + "\n" for line in difflib.unified_diff(
                baseline, current, f"API/{library}.txt (baseline)", f"{library} (this build)", lineterm="", n=0))
    if changed:
        print("api-baseline: the public API differs from API/*.txt. If the change is deliberate, run "
              "Scripts/api-baseline.py --update <symbol graph folder> and commit the baseline with it.", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
