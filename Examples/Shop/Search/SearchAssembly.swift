import Monsoon
import MonsoonMediator
import MonsoonRouter

/// The search feature's services.
public final class SearchAssembly: Assembly {
    // Listed: only a parameterized definition refers to it, and those are evaluated when resolved.
    public override var definitions: [any ComponentDefinition] { [catalog()] }

    func catalog() -> Definition<Catalog> { define { Definition(Catalog.init).scope(.lazySingleton) } }

    /// The results screen for a query: what `shop://search/:query` opens.
    public func results(query: String) -> Definition<SearchScreen> {
        define(arguments: query) { [self] in
            Definition(SearchScreen.init(query:catalog:mediator:router:), .value(query), catalog(), .byType(), .byType())
        }
    }
}
