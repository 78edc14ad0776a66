// expect: no error (the control: every probe below differs from this in one mistake)
import Monsoon

final class ProbeAssembly: ProbeBase {
    func knight() -> Definition<Knight> {
        define {
            Definition(Knight.init(quest:horse:), quest(), horse())
                .inject(\.sword, sword())
                .injectMethod(Knight.mount(_:), horse())
        }
    }
}
