import Monsoon
import Testing

/// A post-processor sees and rewrites what a child definition inherits, as Typhoon's definitions list
/// their parents' injections among their own.
@Suite struct InheritedInjectionRewritingTests {
    @Test func aChildListsItsOwnSitesThenTheInheritedInitializerArgumentsAndProperties() throws {
        let sites = Locked<[String: [InjectionSite]]>([:])
        _ = try BlockComponentFactory(assemblies: [GatewayAssembly()], definitionPostProcessors: [
            Rewriter { definition in sites.withLock { $0[definition.key] = definition.injectionSites } },
        ])
        let listed = sites.withLock { $0 }
        #expect(listed["GatewayAssembly.payments()"] == [
            .initializerArgument(0), .property(\PaymentsGateway.timeout), .property(\Gateway.endpoint), .property(\Gateway.retries),
        ])
        // No initializer of its own: the inherited one's arguments come first; a property it injects
        // again is listed once, as its own.
        #expect(listed["GatewayAssembly.mirror()"] == [.property(\Gateway.retries), .initializerArgument(0), .property(\Gateway.endpoint)])
        #expect(listed["GatewayAssembly.base()"] == [.initializerArgument(0), .property(\Gateway.endpoint), .property(\Gateway.retries)])
    }

    @Test func anInheritedPropertyIsRewrittenForTheChildOnlyAndInjectedOnce() throws {
        let factory = try BlockComponentFactory(assemblies: [GatewayAssembly()], definitionPostProcessors: [
            Rewriter { definition in
                guard definition.key == "GatewayAssembly.payments()" else { return }
                try definition.replaceInjection(at: .property(\Gateway.endpoint), with: .value("https://staging"))
            },
        ])
        let payments = try factory.resolve(GatewayAssembly.payments)
        #expect(payments.endpoint == "https://staging")
        #expect(payments.endpointWrites == 1, "the parent's injection of the property is dropped, not run first")
        #expect(payments.retries == 3)
        #expect(try factory.resolve(GatewayAssembly.base).endpoint == "https://prod")
    }

    @Test func anInheritedInitializersArgumentIsRewrittenForTheChildOnly() throws {
        let factory = try BlockComponentFactory(assemblies: [GatewayAssembly()], definitionPostProcessors: [
            Rewriter { definition in
                guard definition.key == "GatewayAssembly.mirror()" else { return }
                try definition.replaceInjection(at: .initializerArgument(0), with: .value("ap"))
            },
        ])
        let mirror = try factory.resolve(GatewayAssembly.mirror)
        #expect(mirror.region == "ap")
        #expect(mirror.retries == 5)
        #expect(mirror.endpoint == "https://prod")
        #expect(try factory.resolve(GatewayAssembly.base).region == "eu")
    }

    @Test func aPropertyOfAGrandparentIsRewrittenThroughTheChain() throws {
        let factory = try BlockComponentFactory(assemblies: [GatewayAssembly()], definitionPostProcessors: [
            Rewriter { definition in
                guard definition.key == "GatewayAssembly.fastPayments()" else { return }
                try definition.replaceInjection(at: .property(\Gateway.retries), with: .value(0))
            },
        ])
        let fast = try factory.resolve(GatewayAssembly.fastPayments)
        #expect(fast.retries == 0)
        #expect(fast.timeout == 30)
        #expect(try factory.resolve(GatewayAssembly.payments).retries == 3)
    }

    @Test func aWrongTypeOrAnUnknownInheritedSiteIsRefusedWithEverySite() throws {
        let error = #expect(throws: ActivationError.self) {
            try BlockComponentFactory(assemblies: [GatewayAssembly()], definitionPostProcessors: [
                Rewriter { definition in
                    guard definition.key == "GatewayAssembly.payments()" else { return }
                    try definition.replaceInjection(at: .property(\Gateway.retries), with: .value("many"))
                },
            ])
        }
        // A key path into a class that is not final describes its property as computed.
        let message = try #require(error?.description)
        #expect(message.contains("failed on GatewayAssembly.payments(): Cannot inject property \\Gateway."))
        #expect(message.hasSuffix("(Int)>: the property's type is neither String nor Optional<String>."))

        let unknown = #expect(throws: ActivationError.self) {
            try BlockComponentFactory(assemblies: [GatewayAssembly()], definitionPostProcessors: [
                Rewriter { definition in
                    guard definition.key == "GatewayAssembly.mirror()" else { return }
                    try definition.replaceInjection(at: .initializerArgument(1), with: .value("x"))
                },
            ])
        }
        let sites = try #require(unknown?.description.split(separator: "its sites are ").last)
        #expect(sites.split(separator: ", ").map { $0.hasPrefix("property") ? "property" : String($0) }
            == ["property", "initializer argument 0", "property"])
    }
}

private struct Rewriter: DefinitionPostProcessor {
    let rewrite: @Sendable (inout RegisteredDefinition) throws -> Void
    func process(_ definition: inout RegisteredDefinition) throws { try rewrite(&definition) }
}

class Gateway {
    let region: String
    var endpoint = "" { didSet { endpointWrites += 1 } }
    var endpointWrites = 0
    var retries = 0
    init(region: String) { self.region = region }
}

final class PaymentsGateway: Gateway {
    var timeout = 0
}

final class GatewayAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [base(), payments(), mirror(), fastPayments()] }
    func base() -> Definition<Gateway> {
        define { Definition(Gateway.init(region:), .value("eu")).inject(\.endpoint, "https://prod").inject(\.retries, 3) }
    }
    func payments() -> Definition<PaymentsGateway> {
        define { Definition(PaymentsGateway.init(region:), .value("us")).parent(base()).inject(\.timeout, 10) }
    }
    func mirror() -> Definition<Gateway> { define { .inheriting(from: base()).inject(\.retries, 5) } }
    func fastPayments() -> Definition<PaymentsGateway> { define { .inheriting(from: payments()).inject(\.timeout, 30) } }
}

class Relay {
    var calls: [String] = []
    init() {}
    func connect(host: String, port: Int) { calls.append("connect \(host):\(port)") }
    func tune(_ channel: Int) { calls.append("tune \(channel)") }
}

final class BackupRelay: Relay {
    func label(_ text: String) { calls.append("label \(text)") }
}

/// A parent with two injected methods and a child with one of its own.
final class RelayAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [base(), backup(), spare()] }
    func base() -> Definition<Relay> {
        define { Definition(Relay.init).injectMethod(Relay.connect(host:port:), .value("prod"), .value(443)).injectMethod(Relay.tune(_:), .value(7)) }
    }
    func backup() -> Definition<BackupRelay> {
        define { Definition(BackupRelay.init).parent(base()).injectMethod(BackupRelay.label(_:), .value("backup")) }
    }
    /// A grandchild of `base()` with nothing of its own.
    func spare() -> Definition<BackupRelay> { define { .inheriting(from: backup()) } }
}

extension InheritedInjectionRewritingTests {
    @Test func inheritedMethodsAreListedAfterTheChildsOwnInTheOrderTheyRun() throws {
        let sites = Locked<[InjectionSite]>([])
        _ = try BlockComponentFactory(assemblies: [RelayAssembly()], definitionPostProcessors: [
            Rewriter { definition in
                if definition.key == "RelayAssembly.backup()" { sites.withLock { $0 = definition.injectionSites } }
            },
        ])
        #expect(sites.withLock { $0 } == [
            .methodArgument(method: 0, argument: 0),
            .methodArgument(method: 1, argument: 0), .methodArgument(method: 1, argument: 1), .methodArgument(method: 2, argument: 0),
        ])
    }

    @Test func anInheritedMethodsArgumentIsRewrittenForTheChildOnlyAndRunsInItsPlace() throws {
        let factory = try BlockComponentFactory(assemblies: [RelayAssembly()], definitionPostProcessors: [
            Rewriter { definition in
                guard definition.key == "RelayAssembly.backup()" else { return }
                try definition.replaceInjection(at: .methodArgument(method: 1, argument: 0), with: .value("staging"))
                try definition.replaceInjection(at: .methodArgument(method: 2, argument: 0), with: .value(9))
            },
        ])
        #expect(try factory.resolve(RelayAssembly.backup).calls == ["connect staging:443", "tune 9", "label backup"])
        #expect(try factory.resolve(RelayAssembly.base).calls == ["connect prod:443", "tune 7"])
    }

    /// A grandchild's rewrite of a grandparent's method keeps its parent's rewrite of another of the
    /// method's arguments, whichever post-processor made which first; on the same argument, the
    /// grandchild's wins.
    @Test(arguments: [false, true])
    func aGrandchildsRewriteOfAnInheritedMethodKeepsItsParentsRewrite(grandchildFirst: Bool) throws {
        let parent = Rewriter { definition in
            guard definition.key == "RelayAssembly.backup()" else { return }
            try definition.replaceInjection(at: .methodArgument(method: 1, argument: 0), with: .value("staging"))
            try definition.replaceInjection(at: .methodArgument(method: 1, argument: 1), with: .value(80))
        }
        let grandchild = Rewriter { definition in
            guard definition.key == "RelayAssembly.spare()" else { return }
            try definition.replaceInjection(at: .methodArgument(method: 0, argument: 1), with: .value(8443))
        }
        let factory = try BlockComponentFactory(assemblies: [RelayAssembly()],
                                                definitionPostProcessors: grandchildFirst ? [grandchild, parent] : [parent, grandchild])
        #expect(try factory.resolve(RelayAssembly.spare).calls == ["connect staging:8443", "tune 7", "label backup"])
        #expect(try factory.resolve(RelayAssembly.backup).calls == ["connect staging:80", "tune 7", "label backup"])
        #expect(try factory.resolve(RelayAssembly.base).calls == ["connect prod:443", "tune 7"])
    }

    @Test func twoRewritesOfOneInheritedMethodBothApply() throws {
        let factory = try BlockComponentFactory(assemblies: [RelayAssembly()], definitionPostProcessors: [
            Rewriter { definition in
                guard definition.key == "RelayAssembly.backup()" else { return }
                try definition.replaceInjection(at: .methodArgument(method: 1, argument: 0), with: .value("staging"))
            },
            Rewriter { definition in
                guard definition.key == "RelayAssembly.backup()" else { return }
                try definition.replaceInjection(at: .methodArgument(method: 1, argument: 1), with: .value(8443))
            },
        ])
        #expect(try factory.resolve(RelayAssembly.backup).calls == ["connect staging:8443", "tune 7", "label backup"])
    }

    @Test func anInheritedMethodsArgumentOfTheWrongTypeIsRefused() throws {
        let error = try #require(throws: ActivationError.self) {
            try BlockComponentFactory(assemblies: [RelayAssembly()], definitionPostProcessors: [
                Rewriter { definition in
                    guard definition.key == "RelayAssembly.backup()" else { return }
                    try definition.replaceInjection(at: .methodArgument(method: 1, argument: 1), with: .value("many"))
                },
            ])
        }
        #expect(error.description.contains(
            "failed on RelayAssembly.backup(): Cannot inject argument 1 of injected method 1: it was replaced by an injection of String, and the parameter takes Int."))
    }
}
