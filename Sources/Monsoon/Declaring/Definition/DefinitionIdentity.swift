/// Where a definition was created: the identity that ties a `Definition` value back to its registry entry.
///
/// Calling an assembly method twice creates two `Definition` values from the same call site, so the call
/// site (file, line, column) identifies the definition without hashing any string. The assembly's dynamic
/// type is part of the identity too, so that a generic assembly instantiated for several types
/// (`FeatureAssembly<Books>`, `FeatureAssembly<Films>`) has distinct definitions.
///
/// The file is compared by its text, never by where its `#fileID` literal happens to be stored: a build
/// that does not merge identical literals (AddressSanitizer, some optimization settings, code cloned by
/// specialization or inlined across modules) gives one call site several copies, and an identity that
/// compared addresses then split one definition's pool in two. The address is only a shortcut: equal
/// addresses mean the same text, and the hash (line, column and assembly) ignores the file.
@usableFromInline
struct DefinitionIdentity: Hashable, Sendable {
    @usableFromInline let fileID: StaticString
    /// 32 bits each, which every source file's lines and columns fit: with them and the hash the identity
    /// is five words, and a `Definition` value, which holds one, stays small enough to be copied field by
    /// field in generic code (activation erases each listed definition there).
    @usableFromInline let line: UInt32
    @usableFromInline let column: UInt32
    /// A cheap mix of the line, column and assembly, computed once: the hash of the registry's identity
    /// table, and what hashing an identity feeds the hasher (32 bits instead of three words). 32 bits, in the
    /// word the column leaves half empty: the tables index by the low bits, and a match is confirmed by
    /// comparing the identity.
    @usableFromInline let mixed: UInt32
    /// The assembly type whose `define` created the definition; `nil` outside `define`.
    @usableFromInline let assembly: ObjectIdentifier?

    /// Inlined into `define`, so that identifying a definition is a few multiplications.
    @inlinable
    init(fileID: StaticString, line: UInt, column: UInt, assembly: ObjectIdentifier? = nil) {
        self.fileID = fileID
        self.line = UInt32(truncatingIfNeeded: line)
        self.column = UInt32(truncatingIfNeeded: column)
        self.assembly = assembly
        let assemblyBits = assembly.map { UInt(bitPattern: $0) } ?? 0
        let combined = line &* 1_000_003 &+ column &* 7_919 &+ assemblyBits
        // Folded so that the low bits, which index the identity table, depend on every field.
        self.mixed = UInt32(truncatingIfNeeded: (combined ^ (combined &>> 29)) &* 0x9E37_79B9_7F4A_7C15)
    }

    /// Where `fileID`'s characters are: equal addresses mean equal files, which saves comparing them.
    /// `#fileID`, like every string literal (even of one character), is stored as characters and so
    /// has an address.
    @inlinable var fileAddress: UInt {
        fileID.hasPointerRepresentation ? UInt(bitPattern: fileID.utf8Start) : 0
    }

    @inlinable
    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.mixed == rhs.mixed && lhs.line == rhs.line && lhs.column == rhs.column && lhs.assembly == rhs.assembly
            && (lhs.fileAddress == rhs.fileAddress || sameFile(lhs.fileID, rhs.fileID))
    }

    /// Whether two `#fileID` literals stored apart spell the same file: the rare path of `==`.
    @usableFromInline
    static func sameFile(_ lhs: StaticString, _ rhs: StaticString) -> Bool {
        guard lhs.hasPointerRepresentation, rhs.hasPointerRepresentation, lhs.utf8CodeUnitCount == rhs.utf8CodeUnitCount else {
            return lhs.description == rhs.description
        }
        return lhs.withUTF8Buffer { left in rhs.withUTF8Buffer { right in left.elementsEqual(right) } }
    }

    @usableFromInline
    func hash(into hasher: inout Hasher) {
        hasher.combine(mixed)
    }

    /// `File.swift:12` for messages.
    var location: String { "\(fileID):\(line)" }
}

/// A definition's readable key: the assembly type's name, the method with its argument labels and, for a
/// parameterized definition resolved with values, those values. The one place keys are built and parsed.
///
/// ```
/// QuestAssembly.knight()                      parameterless
/// QuestAssembly.knight(named:)                a parameterized method, as resolve(key:arguments:) names it
/// QuestAssembly.knight(named: "Lancelot")     a parameterized definition with its argument values
/// ```
struct DefinitionKey: Hashable, Sendable, CustomStringConvertible {
    /// The assembly type's name, as `typeName` prints it.
    let assembly: String
    /// The method with its labels: `knight()`, `knight(named:)`.
    let method: String
    let arguments: RuntimeArguments

    init(assembly: String, method: String, arguments: RuntimeArguments = .none) {
        self.assembly = assembly
        self.method = method
        self.arguments = arguments
    }

    init(assemblyType: Assembly.Type?, method: String, arguments: RuntimeArguments = .none) {
        self.init(assembly: assemblyType.map { typeName($0) } ?? "", method: method, arguments: arguments)
    }

    /// Reads a key someone wrote (`QuestAssembly.knight(named:)`); `nil` when it names no method of a type.
    init?(parsing key: String) {
        let open = key.firstIndex(of: "(") ?? key.endIndex
        guard let dot = key[..<open].lastIndex(of: ".") else { return nil }
        self.init(assembly: String(key[..<dot]), method: String(key[key.index(after: dot)...]))
    }

    /// The same method on another assembly: how a key of a replaced assembly reaches its replacement.
    func on(assembly: String) -> DefinitionKey {
        DefinitionKey(assembly: assembly, method: method, arguments: arguments)
    }

    /// `QuestAssembly.knight()`, or with argument values in place of the labels'
    /// placeholders: `QuestAssembly.knight(named: "Lancelot")`.
    var description: String {
        let prefix = assembly.isEmpty ? "" : assembly + "."
        guard !arguments.isEmpty else { return prefix + method }
        let values = arguments.values.map { value in
            (value.base as? String).map { "\"\($0)\"" } ?? String(describing: value.base)
        }
        guard let open = method.firstIndex(of: "("), method.hasSuffix(")") else {
            return prefix + method + arguments.description
        }
        let labels = method[method.index(after: open)..<method.index(before: method.endIndex)]
            .split(separator: ":", omittingEmptySubsequences: false).dropLast()
        guard labels.count == values.count else { return prefix + method + arguments.description }
        let parts = zip(labels, values).map { label, value in label == "_" ? value : "\(label): \(value)" }
        return prefix + method[..<open] + "(" + parts.joined(separator: ", ") + ")"
    }
}

/// Where to find a definition: what injection by reference, a parent link, and resolution by definition
/// value carry.
@usableFromInline
struct DefinitionReference: Sendable {
    let identity: DefinitionIdentity
    let arguments: RuntimeArguments
    /// The declaring method's name, like `knight()`, for messages and for finding a replacement; kept as
    /// the literal so that making a reference costs no string.
    let functionName: StaticString
    /// The assembly whose method created the definition; lets a reference to a replaced assembly's
    /// method reach the subclass that replaced it.
    let assemblyType: Assembly.Type?
    /// How to evaluate a parameterized definition (its content depends on the arguments, so the registry
    /// cannot hold it in advance); `nil` for parameterless definitions.
    let parameterized: ParameterizedDefinition?

    var poolKey: PoolKey { PoolKey(identity: identity, arguments: arguments) }

    var function: String { "\(functionName)" }
}

/// The runtime arguments a parameterized definition was called with: part of the pool key of every
/// component it builds, so `knight(named: "Lancelot")` and `knight(named: "Galahad")` are pooled apart.
@usableFromInline
struct RuntimeArguments: Hashable, @unchecked Sendable {
    // Unchecked because `AnyHashable` is not Sendable; every value stored here was required to be
    // `Hashable & Sendable` when it was passed to `define(arguments:)`.
    @usableFromInline let values: [AnyHashable]

    /// No arguments: computed rather than stored, so reading it costs no lazy-initialization check.
    @inlinable static var none: RuntimeArguments { RuntimeArguments(values: []) }

    @inlinable
    init(values: [AnyHashable]) {
        self.values = values
    }

    init<each Argument: Hashable & Sendable>(_ arguments: repeat each Argument) {
        var values: [AnyHashable] = []
        for argument in repeat each arguments { values.append(AnyHashable(argument)) }
        self.values = values
    }

    var isEmpty: Bool { values.isEmpty }

    /// `("Lancelot", 3)` for keys in messages.
    var description: String {
        "(" + values.map { value in
            if let string = value.base as? String { return "\"\(string)\"" }
            return String(describing: value.base)
        }.joined(separator: ", ") + ")"
    }
}

/// What pools are keyed by: the definition's call site plus its runtime arguments.
struct PoolKey: Hashable, Sendable {
    let identity: DefinitionIdentity
    let arguments: RuntimeArguments
}
