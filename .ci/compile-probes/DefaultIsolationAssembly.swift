// expect: has different actor isolation from nonisolated overridden declaration
// flags: -default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault -enable-upcoming-feature InferIsolatedConformances
import Monsoon

// In a module whose default isolation is the main actor, an assembly needs `nonisolated`.
final class ScreenAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [] }
}
