import Monsoon

/// A chain of 140 definitions, each injecting the next: longer than discovery follows from one listed
/// definition (`DefinitionEvaluation.Discovery.depthLimit`).
final class Link {
    let next: Link?
    init(next: Link?) { self.next = next }
}

final class LongChainAssembly: Assembly {
    let listed: [Int]
    init(listing listed: [Int]) { self.listed = listed }

    override var definitions: [any ComponentDefinition] { listed.map(link) }

    func link(_ index: Int) -> any ComponentDefinition {
        switch index {
        case 0: link0()
        case 1: link1()
        case 2: link2()
        case 3: link3()
        case 4: link4()
        case 5: link5()
        case 6: link6()
        case 7: link7()
        case 8: link8()
        case 9: link9()
        case 10: link10()
        case 11: link11()
        case 12: link12()
        case 13: link13()
        case 14: link14()
        case 15: link15()
        case 16: link16()
        case 17: link17()
        case 18: link18()
        case 19: link19()
        case 20: link20()
        case 21: link21()
        case 22: link22()
        case 23: link23()
        case 24: link24()
        case 25: link25()
        case 26: link26()
        case 27: link27()
        case 28: link28()
        case 29: link29()
        case 30: link30()
        case 31: link31()
        case 32: link32()
        case 33: link33()
        case 34: link34()
        case 35: link35()
        case 36: link36()
        case 37: link37()
        case 38: link38()
        case 39: link39()
        case 40: link40()
        case 41: link41()
        case 42: link42()
        case 43: link43()
        case 44: link44()
        case 45: link45()
        case 46: link46()
        case 47: link47()
        case 48: link48()
        case 49: link49()
        case 50: link50()
        case 51: link51()
        case 52: link52()
        case 53: link53()
        case 54: link54()
        case 55: link55()
        case 56: link56()
        case 57: link57()
        case 58: link58()
        case 59: link59()
        case 60: link60()
        case 61: link61()
        case 62: link62()
        case 63: link63()
        case 64: link64()
        case 65: link65()
        case 66: link66()
        case 67: link67()
        case 68: link68()
        case 69: link69()
        case 70: link70()
        case 71: link71()
        case 72: link72()
        case 73: link73()
        case 74: link74()
        case 75: link75()
        case 76: link76()
        case 77: link77()
        case 78: link78()
        case 79: link79()
        case 80: link80()
        case 81: link81()
        case 82: link82()
        case 83: link83()
        case 84: link84()
        case 85: link85()
        case 86: link86()
        case 87: link87()
        case 88: link88()
        case 89: link89()
        case 90: link90()
        case 91: link91()
        case 92: link92()
        case 93: link93()
        case 94: link94()
        case 95: link95()
        case 96: link96()
        case 97: link97()
        case 98: link98()
        case 99: link99()
        case 100: link100()
        case 101: link101()
        case 102: link102()
        case 103: link103()
        case 104: link104()
        case 105: link105()
        case 106: link106()
        case 107: link107()
        case 108: link108()
        case 109: link109()
        case 110: link110()
        case 111: link111()
        case 112: link112()
        case 113: link113()
        case 114: link114()
        case 115: link115()
        case 116: link116()
        case 117: link117()
        case 118: link118()
        case 119: link119()
        case 120: link120()
        case 121: link121()
        case 122: link122()
        case 123: link123()
        case 124: link124()
        case 125: link125()
        case 126: link126()
        case 127: link127()
        case 128: link128()
        case 129: link129()
        case 130: link130()
        case 131: link131()
        case 132: link132()
        case 133: link133()
        case 134: link134()
        case 135: link135()
        case 136: link136()
        case 137: link137()
        case 138: link138()
        case 139: link139()
        default: link0()
        }
    }

    func link0() -> Definition<Link> { define { Definition(Link.init(next:), link1()) } }
    func link1() -> Definition<Link> { define { Definition(Link.init(next:), link2()) } }
    func link2() -> Definition<Link> { define { Definition(Link.init(next:), link3()) } }
    func link3() -> Definition<Link> { define { Definition(Link.init(next:), link4()) } }
    func link4() -> Definition<Link> { define { Definition(Link.init(next:), link5()) } }
    func link5() -> Definition<Link> { define { Definition(Link.init(next:), link6()) } }
    func link6() -> Definition<Link> { define { Definition(Link.init(next:), link7()) } }
    func link7() -> Definition<Link> { define { Definition(Link.init(next:), link8()) } }
    func link8() -> Definition<Link> { define { Definition(Link.init(next:), link9()) } }
    func link9() -> Definition<Link> { define { Definition(Link.init(next:), link10()) } }
    func link10() -> Definition<Link> { define { Definition(Link.init(next:), link11()) } }
    func link11() -> Definition<Link> { define { Definition(Link.init(next:), link12()) } }
    func link12() -> Definition<Link> { define { Definition(Link.init(next:), link13()) } }
    func link13() -> Definition<Link> { define { Definition(Link.init(next:), link14()) } }
    func link14() -> Definition<Link> { define { Definition(Link.init(next:), link15()) } }
    func link15() -> Definition<Link> { define { Definition(Link.init(next:), link16()) } }
    func link16() -> Definition<Link> { define { Definition(Link.init(next:), link17()) } }
    func link17() -> Definition<Link> { define { Definition(Link.init(next:), link18()) } }
    func link18() -> Definition<Link> { define { Definition(Link.init(next:), link19()) } }
    func link19() -> Definition<Link> { define { Definition(Link.init(next:), link20()) } }
    func link20() -> Definition<Link> { define { Definition(Link.init(next:), link21()) } }
    func link21() -> Definition<Link> { define { Definition(Link.init(next:), link22()) } }
    func link22() -> Definition<Link> { define { Definition(Link.init(next:), link23()) } }
    func link23() -> Definition<Link> { define { Definition(Link.init(next:), link24()) } }
    func link24() -> Definition<Link> { define { Definition(Link.init(next:), link25()) } }
    func link25() -> Definition<Link> { define { Definition(Link.init(next:), link26()) } }
    func link26() -> Definition<Link> { define { Definition(Link.init(next:), link27()) } }
    func link27() -> Definition<Link> { define { Definition(Link.init(next:), link28()) } }
    func link28() -> Definition<Link> { define { Definition(Link.init(next:), link29()) } }
    func link29() -> Definition<Link> { define { Definition(Link.init(next:), link30()) } }
    func link30() -> Definition<Link> { define { Definition(Link.init(next:), link31()) } }
    func link31() -> Definition<Link> { define { Definition(Link.init(next:), link32()) } }
    func link32() -> Definition<Link> { define { Definition(Link.init(next:), link33()) } }
    func link33() -> Definition<Link> { define { Definition(Link.init(next:), link34()) } }
    func link34() -> Definition<Link> { define { Definition(Link.init(next:), link35()) } }
    func link35() -> Definition<Link> { define { Definition(Link.init(next:), link36()) } }
    func link36() -> Definition<Link> { define { Definition(Link.init(next:), link37()) } }
    func link37() -> Definition<Link> { define { Definition(Link.init(next:), link38()) } }
    func link38() -> Definition<Link> { define { Definition(Link.init(next:), link39()) } }
    func link39() -> Definition<Link> { define { Definition(Link.init(next:), link40()) } }
    func link40() -> Definition<Link> { define { Definition(Link.init(next:), link41()) } }
    func link41() -> Definition<Link> { define { Definition(Link.init(next:), link42()) } }
    func link42() -> Definition<Link> { define { Definition(Link.init(next:), link43()) } }
    func link43() -> Definition<Link> { define { Definition(Link.init(next:), link44()) } }
    func link44() -> Definition<Link> { define { Definition(Link.init(next:), link45()) } }
    func link45() -> Definition<Link> { define { Definition(Link.init(next:), link46()) } }
    func link46() -> Definition<Link> { define { Definition(Link.init(next:), link47()) } }
    func link47() -> Definition<Link> { define { Definition(Link.init(next:), link48()) } }
    func link48() -> Definition<Link> { define { Definition(Link.init(next:), link49()) } }
    func link49() -> Definition<Link> { define { Definition(Link.init(next:), link50()) } }
    func link50() -> Definition<Link> { define { Definition(Link.init(next:), link51()) } }
    func link51() -> Definition<Link> { define { Definition(Link.init(next:), link52()) } }
    func link52() -> Definition<Link> { define { Definition(Link.init(next:), link53()) } }
    func link53() -> Definition<Link> { define { Definition(Link.init(next:), link54()) } }
    func link54() -> Definition<Link> { define { Definition(Link.init(next:), link55()) } }
    func link55() -> Definition<Link> { define { Definition(Link.init(next:), link56()) } }
    func link56() -> Definition<Link> { define { Definition(Link.init(next:), link57()) } }
    func link57() -> Definition<Link> { define { Definition(Link.init(next:), link58()) } }
    func link58() -> Definition<Link> { define { Definition(Link.init(next:), link59()) } }
    func link59() -> Definition<Link> { define { Definition(Link.init(next:), link60()) } }
    func link60() -> Definition<Link> { define { Definition(Link.init(next:), link61()) } }
    func link61() -> Definition<Link> { define { Definition(Link.init(next:), link62()) } }
    func link62() -> Definition<Link> { define { Definition(Link.init(next:), link63()) } }
    func link63() -> Definition<Link> { define { Definition(Link.init(next:), link64()) } }
    func link64() -> Definition<Link> { define { Definition(Link.init(next:), link65()) } }
    func link65() -> Definition<Link> { define { Definition(Link.init(next:), link66()) } }
    func link66() -> Definition<Link> { define { Definition(Link.init(next:), link67()) } }
    func link67() -> Definition<Link> { define { Definition(Link.init(next:), link68()) } }
    func link68() -> Definition<Link> { define { Definition(Link.init(next:), link69()) } }
    func link69() -> Definition<Link> { define { Definition(Link.init(next:), link70()) } }
    func link70() -> Definition<Link> { define { Definition(Link.init(next:), link71()) } }
    func link71() -> Definition<Link> { define { Definition(Link.init(next:), link72()) } }
    func link72() -> Definition<Link> { define { Definition(Link.init(next:), link73()) } }
    func link73() -> Definition<Link> { define { Definition(Link.init(next:), link74()) } }
    func link74() -> Definition<Link> { define { Definition(Link.init(next:), link75()) } }
    func link75() -> Definition<Link> { define { Definition(Link.init(next:), link76()) } }
    func link76() -> Definition<Link> { define { Definition(Link.init(next:), link77()) } }
    func link77() -> Definition<Link> { define { Definition(Link.init(next:), link78()) } }
    func link78() -> Definition<Link> { define { Definition(Link.init(next:), link79()) } }
    func link79() -> Definition<Link> { define { Definition(Link.init(next:), link80()) } }
    func link80() -> Definition<Link> { define { Definition(Link.init(next:), link81()) } }
    func link81() -> Definition<Link> { define { Definition(Link.init(next:), link82()) } }
    func link82() -> Definition<Link> { define { Definition(Link.init(next:), link83()) } }
    func link83() -> Definition<Link> { define { Definition(Link.init(next:), link84()) } }
    func link84() -> Definition<Link> { define { Definition(Link.init(next:), link85()) } }
    func link85() -> Definition<Link> { define { Definition(Link.init(next:), link86()) } }
    func link86() -> Definition<Link> { define { Definition(Link.init(next:), link87()) } }
    func link87() -> Definition<Link> { define { Definition(Link.init(next:), link88()) } }
    func link88() -> Definition<Link> { define { Definition(Link.init(next:), link89()) } }
    func link89() -> Definition<Link> { define { Definition(Link.init(next:), link90()) } }
    func link90() -> Definition<Link> { define { Definition(Link.init(next:), link91()) } }
    func link91() -> Definition<Link> { define { Definition(Link.init(next:), link92()) } }
    func link92() -> Definition<Link> { define { Definition(Link.init(next:), link93()) } }
    func link93() -> Definition<Link> { define { Definition(Link.init(next:), link94()) } }
    func link94() -> Definition<Link> { define { Definition(Link.init(next:), link95()) } }
    func link95() -> Definition<Link> { define { Definition(Link.init(next:), link96()) } }
    func link96() -> Definition<Link> { define { Definition(Link.init(next:), link97()) } }
    func link97() -> Definition<Link> { define { Definition(Link.init(next:), link98()) } }
    func link98() -> Definition<Link> { define { Definition(Link.init(next:), link99()) } }
    func link99() -> Definition<Link> { define { Definition(Link.init(next:), link100()) } }
    func link100() -> Definition<Link> { define { Definition(Link.init(next:), link101()) } }
    func link101() -> Definition<Link> { define { Definition(Link.init(next:), link102()) } }
    func link102() -> Definition<Link> { define { Definition(Link.init(next:), link103()) } }
    func link103() -> Definition<Link> { define { Definition(Link.init(next:), link104()) } }
    func link104() -> Definition<Link> { define { Definition(Link.init(next:), link105()) } }
    func link105() -> Definition<Link> { define { Definition(Link.init(next:), link106()) } }
    func link106() -> Definition<Link> { define { Definition(Link.init(next:), link107()) } }
    func link107() -> Definition<Link> { define { Definition(Link.init(next:), link108()) } }
    func link108() -> Definition<Link> { define { Definition(Link.init(next:), link109()) } }
    func link109() -> Definition<Link> { define { Definition(Link.init(next:), link110()) } }
    func link110() -> Definition<Link> { define { Definition(Link.init(next:), link111()) } }
    func link111() -> Definition<Link> { define { Definition(Link.init(next:), link112()) } }
    func link112() -> Definition<Link> { define { Definition(Link.init(next:), link113()) } }
    func link113() -> Definition<Link> { define { Definition(Link.init(next:), link114()) } }
    func link114() -> Definition<Link> { define { Definition(Link.init(next:), link115()) } }
    func link115() -> Definition<Link> { define { Definition(Link.init(next:), link116()) } }
    func link116() -> Definition<Link> { define { Definition(Link.init(next:), link117()) } }
    func link117() -> Definition<Link> { define { Definition(Link.init(next:), link118()) } }
    func link118() -> Definition<Link> { define { Definition(Link.init(next:), link119()) } }
    func link119() -> Definition<Link> { define { Definition(Link.init(next:), link120()) } }
    func link120() -> Definition<Link> { define { Definition(Link.init(next:), link121()) } }
    func link121() -> Definition<Link> { define { Definition(Link.init(next:), link122()) } }
    func link122() -> Definition<Link> { define { Definition(Link.init(next:), link123()) } }
    func link123() -> Definition<Link> { define { Definition(Link.init(next:), link124()) } }
    func link124() -> Definition<Link> { define { Definition(Link.init(next:), link125()) } }
    func link125() -> Definition<Link> { define { Definition(Link.init(next:), link126()) } }
    func link126() -> Definition<Link> { define { Definition(Link.init(next:), link127()) } }
    func link127() -> Definition<Link> { define { Definition(Link.init(next:), link128()) } }
    func link128() -> Definition<Link> { define { Definition(Link.init(next:), link129()) } }
    func link129() -> Definition<Link> { define { Definition(Link.init(next:), link130()) } }
    func link130() -> Definition<Link> { define { Definition(Link.init(next:), link131()) } }
    func link131() -> Definition<Link> { define { Definition(Link.init(next:), link132()) } }
    func link132() -> Definition<Link> { define { Definition(Link.init(next:), link133()) } }
    func link133() -> Definition<Link> { define { Definition(Link.init(next:), link134()) } }
    func link134() -> Definition<Link> { define { Definition(Link.init(next:), link135()) } }
    func link135() -> Definition<Link> { define { Definition(Link.init(next:), link136()) } }
    func link136() -> Definition<Link> { define { Definition(Link.init(next:), link137()) } }
    func link137() -> Definition<Link> { define { Definition(Link.init(next:), link138()) } }
    func link138() -> Definition<Link> { define { Definition(Link.init(next:), link139()) } }
    func link139() -> Definition<Link> { define { Definition { Link(next: nil) } } }
}
