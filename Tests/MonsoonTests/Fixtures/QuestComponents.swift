import Monsoon

protocol Quest: AnyObject {
    var name: String { get }
}

final class HolyGrailQuest: Quest {
    let name = "Holy Grail"
    init(log: BuildLog) { log.record("init HolyGrailQuest") }
}

final class DragonQuest: Quest {
    let name = "Dragon"
    init() {}
}

final class Horse {
    let serial: Int
    var name: String
    init(name: String, log: BuildLog) {
        self.name = name
        self.serial = log.nextSerial()
        log.record("init Horse")
    }
}

final class Armory {
    let serial: Int
    init(log: BuildLog) {
        serial = log.nextSerial()
        log.record("init Armory")
    }
}

final class Knight {
    let quest: any Quest
    let horse: Horse
    let log: BuildLog
    let serial: Int
    var damselsRescued = 0
    var armory: Armory?
    var motto = ""
    private(set) var mountedHorse: Horse?

    init(quest: any Quest, horse: Horse, log: BuildLog) {
        self.quest = quest
        self.horse = horse
        self.log = log
        self.serial = log.nextSerial()
        log.record("init Knight")
    }

    func mount(_ horse: Horse) {
        mountedHorse = horse
        log.record("method mount")
    }
}

/// A value type, to check what scopes do with values.
struct Banner: Equatable {
    var colour: String
}
