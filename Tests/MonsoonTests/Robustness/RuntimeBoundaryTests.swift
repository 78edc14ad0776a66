import Foundation
@testable import Monsoon
import Testing

// The engine's unsafe mechanisms (Sources/Monsoon/Runtime), exercised where they could go wrong: each
// self-check holds on this toolchain, each fast answer agrees with the slow safe one, and the memory
// they manage by hand survives threads that end and objects that go away. The AddressSanitizer run of
// this suite (.ci/run) turns a broken invariant here into a report.

private protocol BoundaryProtocol {}
private enum BoundaryEnum { case one }
private final class BoundaryClass {}
private final class BoundaryHeld: Assembly {}

private class BoundaryHolderBase: Assembly {
    let base = BoundaryHeld()
}

private final class BoundaryHolder<T>: BoundaryHolderBase {
    let strong = BoundaryHeld()
    let optional: BoundaryHeld? = BoundaryHeld()
    weak var weakly: BoundaryHeld?
    unowned let unownedly: BoundaryHeld
    let value: T
    let keep: BoundaryHeld

    init(value: T) {
        let kept = BoundaryHeld()
        keep = kept
        weakly = kept
        unownedly = kept
        self.value = value
    }
}

private final class BoundaryService: Sendable {}
private final class BoundaryAssembly: Assembly {
    override var definitions: [any ComponentDefinition] { [service(), shared()] }
    func service() -> Definition<BoundaryService> { define { Definition(BoundaryService.init) } }
    func shared() -> Definition<BoundaryService> { define { Definition(BoundaryService.init).scope(.lazySingleton) } }
}

/// Resolves, inside its own resolution, a component of another factory.
private final class BoundaryBridgeAssembly: Assembly {
    let inner: BlockComponentFactory
    init(inner: BlockComponentFactory) { self.inner = inner }
    override var definitions: [any ComponentDefinition] { [bridged()] }
    func bridged() -> Definition<BoundaryService> {
        define { [inner] in Definition { _ in try inner.resolve(BoundaryAssembly.service) } }
    }
}

@Suite struct RuntimeBoundaryTests {
    private let types: [Any.Type] = [
        Int.self, Int?.self, String??.self, [Int].self, BoundaryEnum.self, BoundaryClass.self, BoundaryClass?.self,
        (Int, String).self, (any BoundaryProtocol).self, (any Error).self, Any.self, AnyObject.self,
        (() -> Void).self, Int.Type.self,
    ]

    @Test func metadataKindsReadAsDocumentedAndAgreeWithTheSafeAnswers() {
        #expect(MetadataKind.isReliable)
        for type in types {
            #expect(MetadataKind.wrappedType(ofOptional: type) == (type as? any OptionalMarker.Type)?.wrappedType, "\(type)")
            let isClass = type is AnyClass
            if MetadataKind.isValueType(type) { #expect(!isClass, "\(type)") }
        }
        #expect(MetadataKind.isExistential((any BoundaryProtocol).self))
        #expect(MetadataKind.isExistential(Any.self))
        #expect(!MetadataKind.isExistential(BoundaryClass.self))
        #expect(MetadataKind.isValueType((Int, String).self))
        #expect(!MetadataKind.isNominalValueType((Int, String).self))
        #expect(MetadataKind.isNominalValueType(BoundaryEnum.self))
    }

    @Test func fieldDescriptorsListTheSameAssembliesAsMirror() throws {
        #expect(AssemblyFields.isReliable)
        let holder = BoundaryHolder(value: 3)
        let listed = try #require(AssemblyFields.assemblyProperties(of: BoundaryHolder<Int>.self))
        var mirrored: Set<String> = []
        var mirror: Mirror? = Mirror(reflecting: holder)
        while let current = mirror {
            for child in current.children where child.value is Assembly { mirrored.insert(child.label ?? "") }
            mirror = current.superclassMirror
        }
        #expect(listed == mirrored)
        #expect(listed == ["base", "strong", "optional", "weakly", "unownedly", "keep"])
        // Discovery finds the same collaborators, in the same order, with the fallback that reads every
        // property.
        let fast = Collaborators.declaredAndHeld(by: holder).map(ObjectIdentifier.init)
        let fallback = Collaborators.declaredAndHeld(by: holder, lookingAt: .some(nil)).map(ObjectIdentifier.init)
        #expect(fast == fallback)
        #expect(fast.count == 6)
        // Another specialization of the generic class is another class, listed on its own.
        #expect(AssemblyFields.assemblyProperties(of: BoundaryHolder<String>.self) == listed)
    }

    @Test func threadsThatResolveAndEndFreeTheirStateAndLeaveOthersWorking() throws {
        let factory = try BlockComponentFactory(assemblies: [BoundaryAssembly()])
        let shared = try factory.resolve(BoundaryAssembly.shared)
        let agreed = Locked(0)
        for _ in 0..<4 {
            // Each thread makes its state and a resolution context on first use and frees both when it
            // ends: the next round's threads may be given the same memory.
            let finished = onThreads((0..<16).map { _ in {
                guard let first = try? factory.resolve(BoundaryAssembly.service),
                      let second = try? factory.resolve(BoundaryAssembly.service), first !== second,
                      (try? factory.resolve(BoundaryAssembly.shared)) === shared else { return }
                agreed.withLock { $0 += 1 }
            } })
            #expect(finished)
        }
        #expect(agreed.withLock { $0 } == 64)
        #expect(try factory.resolve(BoundaryAssembly.shared) === shared)
    }

    @Test func aResolutionInsideAnotherFactorysOutlivesNeitherFactory() throws {
        let outer = try BlockComponentFactory(assemblies: [BoundaryAssembly()])
        _ = try outer.resolve(BoundaryAssembly.service)
        weak var released: BlockComponentFactory?
        let built: BoundaryService = try {
            let inner = try BlockComponentFactory(assemblies: [BoundaryAssembly()])
            released = inner
            // The outer resolution is the enclosing one while the inner factory resolves.
            let bridge = try BlockComponentFactory(assemblies: [BoundaryBridgeAssembly(inner: inner)])
            return try bridge.resolve(BoundaryBridgeAssembly.bridged)
        }()
        _ = built
        #expect(released == nil)
        // The thread's state points at no resolution of a factory that is gone.
        #expect(try outer.resolve(BoundaryAssembly.shared) === outer.resolve(BoundaryAssembly.shared))
    }
}
