#!/usr/bin/env bash
# Peak memory of reading large files (issue 28): each reader — JSON, properties (flat and grouped), XML
# property list, manifest — reads one generated file in a process of its own, under /usr/bin/time -v,
# and the peak resident set beyond that of reading an empty file is compared with the file's size.
# Usage: Scripts/reader-memory.sh [keys, default 1000000] [manifest megabytes, default 50]
# Needs python3 and GNU time (apt-get install time).
set -euo pipefail
cd "$(dirname "$0")/.."
keys=${1:-1000000}
megabytes=${2:-50}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# One module, Monsoon's sources and the measuring entry point, optimized as a release build is.
swiftc -O -parse-as-library -package-name monsoon -module-name Monsoon $(git ls-files 'Sources/Monsoon/*.swift') \
    Scripts/ReaderMemory.swift -o "$work/reader-memory" 2>&1 | { grep -v "Cannot export local symbol" || true; }

python3 - "$work" "$keys" "$megabytes" <<'PY'
import sys
work, keys, megabytes = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
groups = max(1, keys // 1000)
per = keys // groups
def write(name, text):
    with open(f"{work}/{name}", "w") as f: f.write(text)
write("empty.json", "{}")
write("grouped.json", "{" + ",".join(f'"g{g}":{{' + ",".join(f'"k{k}":"v{k}"' for k in range(per)) + "}" for g in range(groups)) + "}")
write("flat.json", "{" + ",".join(f'"key{k}":{k}' for k in range(keys)) + "}")
write("flat.properties", "".join(f"key{k}=value{k}\n" for k in range(keys)))
write("grouped.properties", "".join(f"g{g}.k{k}=v{k}\n" for g in range(groups) for k in range(per)))
write("grouped.plist", '<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>'
      + "".join(f"<key>g{g}</key><dict>" + "".join(f"<key>k{k}</key><string>v{k}</string>" for k in range(per)) + "</dict>" for g in range(groups))
      + "</dict></plist>")
names, size, n = [], 40, 0
while size < megabytes * 1_000_000:
    name = f'"App.Feature{n}Assembly"'
    names.append(name); size += len(name) + 1; n += 1
write("manifest.json", '{"version": 1, "assemblies": [' + ",".join(names) + "]}")
write("empty-manifest.json", '{"version": 1, "assemblies": []}')
PY

peak() { /usr/bin/time -v "$work/reader-memory" "$1" "$2" 2>&1 >/dev/null | awk '/Maximum resident/ {print $6 * 1024}'; }
seconds() { "$work/reader-memory" "$1" "$2" | awk '/^seconds:/ {printf "%.2f", $2}'; }
baseline=$(peak configuration "$work/empty.json")
manifestBaseline=$(peak manifest "$work/empty-manifest.json")
printf '%-20s %12s %14s %14s %7s %8s\n' file "file bytes" "peak RSS" "peak - empty" ratio seconds
for entry in configuration:grouped.json configuration:flat.json configuration:flat.properties configuration:grouped.properties \
             configuration:grouped.plist manifest:manifest.json; do
    kind=${entry%%:*}; file=${entry#*:}
    size=$(stat -c %s "$work/$file")
    total=$(peak "$kind" "$work/$file")
    base=$baseline; [ "$kind" = manifest ] && base=$manifestBaseline
    printf '%-20s %12d %14d %14d %6.2fx %8s\n' "$file" "$size" "$total" $((total - base)) \
        "$(echo "($total - $base) / $size" | bc -l)" "$(seconds "$kind" "$work/$file")"
done
