// expect: call to main actor-isolated instance method 'close()' in a synchronous nonisolated context
// flags: -default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault -enable-upcoming-feature InferIsolatedConformances
import Monsoon

// A teardown hook calling a main-actor method without saying `@MainActor`: the fix is
// `.teardown { @MainActor log in log.close() }` (Docs/CompileErrors.md).
final class WatchLog {
    func close() {}
}

nonisolated final class CrewAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [watchLog()] }
    func watchLog() -> Definition<WatchLog> {
        define(.lazySingleton) { Definition(WatchLog.init).teardown { log in log.close() } }
    }
}
