import Foundation
import Monsoon
import Testing

/// A page that injects the next page: without end (`endless`) or up to a last page (`chapter`).
final class Page {
    let number: Int
    var next: Page?
    init(number: Int) { self.number = number }
}

final class BookAssembly: Assembly {
    let lastPage: Int
    init(lastPage: Int = .max) { self.lastPage = lastPage }

    override var definitions: [any ComponentDefinition] { [book()] }

    func book() -> Definition<Page> { define { page(1) } }

    /// Injects `page(number + 1)` until `lastPage`: with the default, forever.
    func page(_ number: Int) -> Definition<Page> {
        define(arguments: number) { [self] in
            let page = Definition(Page.init(number:), .value(number))
            return number < lastPage ? page.inject(\.next, self.page(number + 1)) : page
        }
    }
}

@Suite("Resolution depth")
struct DepthLimitTests {
    @Test func aDefinitionThatInjectsItselfWithNewArgumentsForeverEndsInATypedError() throws {
        // A limit far from any stack's end (a debug build takes 17 to 28 KB of stack per level, depending
        // on the run), so that the depth limit, not the stack guard of the next tests, stops it.
        let factory = try BlockComponentFactory(assemblies: [BookAssembly()], maximumDepth: 40)
        let outcome = onThread(stackSize: 8 << 20) {
            Result { () throws(ResolutionError) in _ = try factory.resolve(BookAssembly.book) }
        }
        let error = try #require(throws: ResolutionError.self) { _ = try outcome.get() }
        #expect(error.kind == .depthLimitExceeded)
        #expect(error.path.count == 41)
        #expect(error.subject == "BookAssembly.book()")
        #expect(error.path.last == "BookAssembly.page(40)")
        #expect(error.description == """
            Cannot resolve BookAssembly.book(): the resolution is 41 components deep, past the limit of 40 (the factory's maximumDepth).
              BookAssembly.book() → BookAssembly.page(1) → BookAssembly.page(2) → BookAssembly.page(3) → BookAssembly.page(4) → … 31 more … → BookAssembly.page(36) → BookAssembly.page(37) → BookAssembly.page(38) → BookAssembly.page(39) → BookAssembly.page(40)
              While injecting property \\Page.next of BookAssembly.page(39).
              A definition that injects itself with new runtime arguments (page(n) injecting page(n + 1)) never ends:
              inject a Provider and resolve the next one when it is needed, or end the chain with a check on the arguments.
              If the graph really is this deep, raise the limit: BlockComponentFactory(assemblies:maximumDepth:).
            """)
    }

    @Test func theDefaultLimitIsAThousandComponents() throws {
        // A stack far larger than a thousand debug-build levels take, so that the limit, not the stack
        // guard, stops the chain.
        let factory = try BlockComponentFactory(assemblies: [BookAssembly(lastPage: 1_001)])
        let outcome = onThread(stackSize: 512 << 20) {
            Result { () throws(ResolutionError) in _ = try factory.resolve(BookAssembly.page, 1) }
        }
        let error = try #require(throws: ResolutionError.self) { _ = try outcome.get() }
        #expect(error.kind == .depthLimitExceeded)
        #expect(error.description.hasPrefix(
            "Cannot resolve BookAssembly.page(1): the resolution is 1001 components deep, past the limit of 1000 (the factory's maximumDepth)."))
    }

    @Test func aChainOf5000IsStoppedAtTheDefaultLimitAndBuildsWithAHigherOne() throws {
        // On a stack far larger than a thousand levels take, as above: a test thread's 8 MiB hold about a
        // thousand levels of a debug build under AddressSanitizer, whose fake stack turns the stack guard
        // off (ThreadStack.floor), so the limit would otherwise race the end of the stack.
        let limited = try BlockComponentFactory(assemblies: [BookAssembly(lastPage: 5_000)])
        let outcome = onThread(stackSize: 512 << 20) {
            Result { () throws(ResolutionError) in _ = try limited.resolve(BookAssembly.page, 1) }
        }
        let error = try #require(throws: ResolutionError.self) { _ = try outcome.get() }
        #expect(error.kind == .depthLimitExceeded)
        #expect(error.path.first == "BookAssembly.page(1)")

        let shallow = try BlockComponentFactory(assemblies: [BookAssembly(lastPage: 40)], maximumDepth: 40)
        var page: Page? = try shallow.resolve(BookAssembly.page, 1)
        var count = 0
        while let current = page { count += 1; page = current.next }
        #expect(count == 40)
        let tooShallow = try BlockComponentFactory(assemblies: [BookAssembly(lastPage: 41)], maximumDepth: 40)
        #expect(throws: ResolutionError.self) { try tooShallow.resolve(BookAssembly.page, 1) }
    }

    @Test func aResolutionAboutToOverflowItsThreadsStackThrowsInstead() throws {
        let factory = try BlockComponentFactory(assemblies: [BookAssembly()], maximumDepth: .max)
        let outcome = onThread(stackSize: 512 * 1024) {
            Result { () throws(ResolutionError) in _ = try factory.resolve(BookAssembly.book) }
        }
        let error = try #require(throws: ResolutionError.self) { _ = try outcome.get() }
        #expect(error.kind == .depthLimitExceeded)
        #expect(error.description.contains("has nearly used up its thread's stack"))
        #expect(error.path.count > 10)
    }

    @Test func theFactoryStillWorksAfterADepthError() throws {
        let factory = try BlockComponentFactory(assemblies: [BookAssembly(lastPage: 3)], maximumDepth: 2)
        #expect(throws: ResolutionError.self) { try factory.resolve(BookAssembly.book) }
        let last = try factory.resolve(BookAssembly.page, 2)
        #expect(last.next?.number == 3)
    }

    @Test func validatingAnEndlessChainTerminatesWithAFinding() throws {
        let factory = try BlockComponentFactory(assemblies: [BookAssembly()])
        let report = factory.validate()
        let finding = try #require(report.findings.first { $0.kind == .unboundedRecursion })
        #expect(finding.severity == .error)
        #expect(finding.subject == "BookAssembly.book()")
        #expect(finding.message.hasPrefix("BookAssembly.book() reaches more than 1000 parameterized definitions through references"))
    }
}

/// Limits out of range are refused when the factory is made, never clamped.
@Suite struct ResolutionLimitArgumentTests {
    @Test(arguments: [0, -5])
    func aMaximumDepthBelowOneIsRefused(depth: Int) throws {
        let error = try #require(throws: ActivationError.self) {
            try BlockComponentFactory(assemblies: [OrphanGateAssembly()], maximumDepth: depth)
        }
        #expect(error.problems.map(\.kind) == [.invalidLimit])
        #expect(error.description == "Cannot activate the factory: maximumDepth: \(depth) allows no component at all: a resolution "
            + "builds at least one. Pass 1 or more (the default is 1,000).")
    }

    @Test func aWaitThatIsNotPositiveIsRefusedAndBothProblemsAreReportedTogether() throws {
        let error = try #require(throws: ActivationError.self) {
            try BlockComponentFactory(assemblies: [], maximumDepth: 0, sharedBuildWait: .seconds(-1))
        }
        #expect(error.problems.map(\.subject) == ["maximumDepth", "sharedBuildWait"])
        #expect(error.problems[1].message == "sharedBuildWait: -1.0 seconds is not a wait: a resolution could never wait for "
            + "another thread's build. Pass a positive duration, like .seconds(30) (the default).")
        #expect(throws: ActivationError.self) { try BlockComponentFactory(assemblies: [], sharedBuildWait: .zero) }
        _ = try BlockComponentFactory(assemblies: [], maximumDepth: 1, sharedBuildWait: .nanoseconds(1))
    }
}
