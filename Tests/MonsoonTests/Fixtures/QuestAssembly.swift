import Monsoon

/// The assembly most tests use: one definition per scope, injection of every kind.
class QuestAssembly: Assembly {
    let log: BuildLog

    init(log: BuildLog) {
        self.log = log
    }

    override var definitions: [any ComponentDefinition] {
        [knight(), quest(), horse(), armory(), banner(), logDefinition()]
    }

    func knight() -> Definition<Knight> {
        define {
            let log = self.log
            return Definition(Knight.init(quest:horse:log:), quest(), horse(), logDefinition())
                .beforeInjections { _ in log.record("before Knight") }
                .inject(\.damselsRescued, 12)
                .inject(\.armory, armory())
                .injectMethod(Knight.mount(_:), horse())
                .afterInjections { _ in log.record("after Knight") }
        }
    }

    func quest() -> Definition<any Quest> {
        define {
            Definition(HolyGrailQuest.init(log:), logDefinition())
        }
    }

    func horse() -> Definition<Horse> {
        define {
            Definition(Horse.init(name:log:), .value("Binky"), logDefinition()).scope(.prototype)
        }
    }

    func armory() -> Definition<Armory> {
        define {
            Definition(Armory.init(log:), logDefinition())
        }
    }

    func banner() -> Definition<Banner> {
        define {
            Definition { Banner(colour: "red") }
        }
    }

    func logDefinition() -> Definition<BuildLog> {
        define {
            let log = self.log
            return Definition { log }.scope(.singleton)
        }
    }
}
