import Foundation
import Monsoon
import Testing

// A fake of a main-actor type behind a protocol that is not `Sendable`, as a test in a module whose
// default isolation is the main actor writes it.

private protocol MPWeather {
    var forecast: String { get }
}

private final class MPRealWeather: MPWeather, Sendable {
    var forecast: String { "rain" }
}

@MainActor private final class MPFakeWeather: @MainActor MPWeather {
    let builtOnMainThread = MainQueue.isCurrent
    init() {}
    var forecast: String { "sun" }
}

private final class MPPicnic {
    let weather: any MPWeather
    init(weather: any MPWeather) { self.weather = weather }
}

private final class MPWeatherAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [weather(), sharedWeather(), picnic()] }
    func picnic() -> Definition<MPPicnic> { define { Definition(MPPicnic.init(weather:), weather()) } }
    func weather() -> Definition<any MPWeather> { define { Definition { MPRealWeather() as any MPWeather } } }
    func sharedWeather() -> Definition<any MPWeather> { define { Definition { MPRealWeather() as any MPWeather }.scope(.lazySingleton) } }
}

@Suite struct MainActorPatchTests {
    @MainActor @Test func aMainActorDoubleReplacesTheDefinitionUntilRestored() throws {
        let factory = try BlockComponentFactory(assemblies: [MPWeatherAssembly()])
        let patch = try factory.patch(MPWeatherAssembly.weather) { @MainActor in MPFakeWeather() as any MPWeather }
        #expect(try factory.resolve(MPWeatherAssembly.weather).forecast == "sun")
        patch.restore()
        #expect(try factory.resolve(MPWeatherAssembly.weather).forecast == "rain")
    }

    @MainActor @Test func aSharedDefinitionPatchedWithAMainActorDoubleSharesOne() throws {
        let factory = try BlockComponentFactory(assemblies: [MPWeatherAssembly()])
        let patch = try factory.patch(MPWeatherAssembly.sharedWeather, with: MPFakeWeather.init)
        defer { patch.restore() }
        let first = try factory.resolve(MPWeatherAssembly.sharedWeather)
        #expect((first as? MPFakeWeather) === (try factory.resolve(MPWeatherAssembly.sharedWeather) as? MPFakeWeather))
        #expect((first as? MPFakeWeather)?.builtOnMainThread == true)
    }

    @Test func resolvedSynchronouslyFromAnotherThreadItIsATypedError() async throws {
        let factory = try BlockComponentFactory(assemblies: [MPWeatherAssembly()])
        let patch = try factory.patch(MPWeatherAssembly.weather) { @MainActor in MPFakeWeather() as any MPWeather }
        defer { patch.restore() }
        let outcome = await Task.detached { () -> ResolutionError? in
            do throws(ResolutionError) {
                _ = try factory.resolve(MPWeatherAssembly.weather)
                return nil
            } catch {
                return error
            }
        }.value
        let error = try #require(outcome)
        #expect(error.kind == .mainActorRequired)
        #expect(error.description == """
            Cannot resolve MPWeatherAssembly.weather(): it is patched with a double built on the main actor (it builds any MPWeather), \
            and this resolution runs on another thread.
              Resolve it from the main actor, or with `try await factory.resolve(…)`, which builds the double there.
            """)
    }

    @Test func resolvedWithAwaitFromAnotherThreadTheDoubleIsBuiltOnTheMainActor() async throws {
        let factory = try BlockComponentFactory(assemblies: [MPWeatherAssembly()])
        let patch = try factory.patch(MPWeatherAssembly.weather) { @MainActor in MPFakeWeather() as any MPWeather }
        defer { patch.restore() }
        let built = try await Task.detached { () async throws -> Bool in
            let weather = try await factory.resolve(MPWeatherAssembly.weather)
            return await MainActor.run { (weather as? MPFakeWeather)?.builtOnMainThread == true }
        }.value
        #expect(built)
    }

    @Test func aMainActorDoubleDeepInTheGraphIsBuiltOnTheMainActorByAnAwaitedResolution() async throws {
        let factory = try BlockComponentFactory(assemblies: [MPWeatherAssembly()])
        let patch = try factory.patch(MPWeatherAssembly.weather) { @MainActor in MPFakeWeather() as any MPWeather }
        defer { patch.restore() }
        let built = try await Task.detached { () async throws -> Bool in
            let picnic = try await factory.resolve(MPWeatherAssembly.picnic)
            let fake = picnic.weather as? MPFakeWeather
            return await MainActor.run { fake?.builtOnMainThread == true }
        }.value
        #expect(built)
    }
}
