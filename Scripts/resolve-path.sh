#!/usr/bin/env bash
# Which of Monsoon's source files one resolution runs code from: a cold and a warm
# `factory.resolve(QuestAssembly.knight)` (a lazySingleton whose initializer takes an objectGraph
# `quest()` and whose property takes `horse()`), measured with callgrind on a debug build, where every
# function keeps its own frame and so its own file. Needs valgrind. Prints each count and each list.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
probe="$(mktemp -d)"
trap '[ -n "${KEEP_PROBE:-}" ] || rm -rf "$probe"' EXIT
mkdir -p "$probe/Sources/Probe"
cat > "$probe/Package.swift" <<EOF
// swift-tools-version: 6.0
import PackageDescription
let package = Package(
    name: "Probe",
    dependencies: [.package(path: "$root")],
    targets: [.executableTarget(name: "Probe", dependencies: [.product(name: "Monsoon", package: "$(basename "$root")")])]
)
EOF
cat > "$probe/Sources/Probe/main.swift" <<'EOF'
import Monsoon

final class Quest: Sendable { init() {} }
final class Horse: Sendable { init() {} }
final class Knight: @unchecked Sendable {
    let quest: Quest
    var horse: Horse?
    init(quest: Quest) { self.quest = quest }
}

final class QuestAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [knight(), quest(), horse()] }
    func knight() -> Definition<Knight> {
        define { Definition(Knight.init(quest:), quest()).inject(\.horse, horse()).scope(.lazySingleton) }
    }
    func quest() -> Definition<Quest> { define { Definition(Quest.init) } }
    func horse() -> Definition<Horse> { define { Definition(Horse.init) } }
}

@inline(never) func coldResolve(_ factory: BlockComponentFactory) -> Knight? { try? factory.resolve(QuestAssembly.knight) }
@inline(never) func warmResolve(_ factory: BlockComponentFactory) -> Knight? { try? factory.resolve(QuestAssembly.knight) }

let factory = try BlockComponentFactory(assemblies: [QuestAssembly()])
let cold = coldResolve(factory)
let warm = warmResolve(factory)
precondition(cold != nil && cold === warm)
EOF
swift build --package-path "$probe" >/dev/null
for path in cold warm; do
    symbol='$s5Probe11'"$path"'ResolveyAA6KnightCSg7Monsoon21BlockComponentFactoryCF'
    valgrind --tool=callgrind --callgrind-out-file="$probe/callgrind.$path" --toggle-collect="$symbol" \
        "$probe/.build/debug/Probe" >/dev/null 2>&1
    # Every file with a function that ran, less the copies, destroys, witness-table and metadata
    # accessors the compiler outlines and files under any source it likes (annotate prints some paths
    # relative to its working directory, so it runs in the probe's and only the part from Sources/ is kept).
    files=$(cd "$probe" && callgrind_annotate --inclusive=no --threshold=100 "callgrind.$path" 2>/dev/null \
        | grep -oE "Sources/Monsoon[A-Za-z]*/[^:> ]*\.swift:[^ ]+" | grep -vE "(WO[a-z]|Wl|WL|Ma|Mi|Mr)$" \
        | sed -E "s|^Sources/||; s|:.*||" | sort -u)
    echo "$path resolution: $(echo "$files" | wc -l) files"
    echo "$files" | sed 's/^/  /'
done
