// expect: among the errors: main actor-isolated initializer 'init()' has different actor isolation from nonisolated overridden declaration
// flags: -default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault -enable-upcoming-feature InferIsolatedConformances
import Monsoon

// A session assembly that declares only its own initializer: Swift still names `init()`, the override
// it makes of Assembly's for the class. The fix is the same as for any assembly here: `nonisolated`.
final class Account {}

final class SessionAssembly: Assembly {
    let userID: String
    let token: String
    init(userID: String, token: String) {
        self.userID = userID
        self.token = token
    }
    override var definitions: [any ComponentDefinition] { [account()] }
    func account() -> Definition<Account> { define(.lazySingleton) { Definition(Account.init) } }
}
