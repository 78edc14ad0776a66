import Monsoon
import MonsoonTesting
import Testing

@Suite(.monsoonFactory { [WeatherAssembly(), PicnicAssembly()] })
struct TraitTests {
    @Test func eachTestGetsAFactory() throws {
        let factory = try TestFactory.require()
        #expect(try factory.resolve(PicnicAssembly.picnic).weather.forecast == "rain")
    }

    @Test(arguments: 0..<8)
    func parallelTestsNeverShareAFactoryOrItsPatches(index: Int) throws {
        let factory = try TestFactory.require()
        if index.isMultiple(of: 2) {
            try factory.withPatch(WeatherAssembly.weather, { FakeWeather() as any Weather }) { () throws in
                #expect(try factory.resolve(PicnicAssembly.picnic).weather.forecast == "sun")
            }
        } else {
            // Another case's patch, possibly in force right now on another thread, is not seen here.
            #expect(try factory.resolve(PicnicAssembly.picnic).weather.forecast == "rain")
        }
    }

    /// Code under test that reads the default factory (`@Injected`, `requireDefault()`) sees the test's
    /// own, whatever runs beside it.
    @Test(arguments: 0..<20)
    func theTestsFactoryIsItsDefaultFactory(index: Int) async throws {
        let factory = try TestFactory.require()
        await Task.yield()
        #expect(try BlockComponentFactory.requireDefault() === factory)
        #expect(await Task { BlockComponentFactory.defaultFactory }.value === factory)
    }

    @Test func patchesAreRestoredWhenTheScopeEnds() throws {
        let factory = try TestFactory.require()
        try factory.withPatch(WeatherAssembly.weather, { FakeWeather() as any Weather }) { () throws in
            #expect(try factory.resolve((any Weather).self).forecast == "sun")
        }
        #expect(try factory.resolve((any Weather).self).forecast == "rain")
    }
}

@Suite(.monsoonFactory({ [WeatherAssembly(), PicnicAssembly()] }, replacing: { [FakeWeatherAssembly()] }))
struct ReplacementTraitTests {
    @Test func aReplacementAssemblyStandsInForItsSuperclassEverywhere() throws {
        let factory = try TestFactory.require()
        #expect(try factory.resolve(PicnicAssembly.picnic).weather.forecast == "sun")
        #expect(factory.activationReport.assemblies.map(\.name) == ["PicnicAssembly", "FakeWeatherAssembly"])
    }
}

@Suite struct NoTraitTests {
    @Test func requireWithoutTheTraitRecordsAnIssue() {
        withKnownIssue {
            _ = try TestFactory.require()
        }
    }
}
