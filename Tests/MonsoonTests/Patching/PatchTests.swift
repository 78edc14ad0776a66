import Monsoon
import Testing

@Suite struct PatchTests {
    final class FakeQuest: Quest {
        let name = "Fake"
    }

    @Test(arguments: [Scope.objectGraph, .prototype, .singleton, .lazySingleton, .weakSingleton])
    func aPatchReplacesWhatADefinitionProducesInEveryScopeUntilRestored(scope: Scope) throws {
        final class ScopedQuests: Assembly {
            let scope: Scope
            init(scope: Scope) { self.scope = scope }
            override var definitions: [any ComponentDefinition] { [quest(), pair()] }
            func quest() -> Definition<any Quest> { define { Definition(DragonQuest.init).scope(scope) } }
            func pair() -> Definition<[any Quest]> { define { Definition({ $0 }, .array([quest(), quest()])) } }
        }
        let factory = try BlockComponentFactory(assemblies: [ScopedQuests(scope: scope)])
        let original = try factory.resolve(ScopedQuests.quest)
        let patch = try factory.patch(ScopedQuests.quest) { FakeQuest() as any Quest }
        let pair = try factory.resolve(ScopedQuests.pair)
        #expect(pair.allSatisfy { $0.name == "Fake" })
        #expect((pair[0] === pair[1]) == (scope != .prototype), "the double obeys the scope")
        #expect(try factory.resolve((any Quest).self).name == "Fake")
        patch.restore()
        #expect(try factory.resolve(ScopedQuests.quest).name == "Dragon")
        if scope == .singleton || scope == .lazySingleton { #expect(try factory.resolve(ScopedQuests.quest) === original) }
    }
}
