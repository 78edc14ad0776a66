// expect: ambiguous use of 'inject'
import Monsoon

// `.config("key")` into an optional property: Swift cannot tell whether to read an `Int?` or an `Int`.
final class Settings {
    var retries: Int?
}

final class ProbeAssembly: ProbeBase {
    func settings() -> Definition<Settings> { define { Definition(Settings.init).inject(\.retries, .config("retries")) } }
}
