extension Injectable {
    /// Injects an array whose elements come from other injections, in order.
    ///
    /// ```swift
    /// .inject(\.weapons, .array([sword(), bow(), .value(Dagger())]))
    /// ```
    public static func array<V>(_ elements: [any Injectable<V>]) -> Injection<[V]> where Self == Injection<[V]> {
        let injections = elements.map { $0.injection }
        return Injection(target: .collection(injections.map { $0.target })) { resolver in
            try injections.map { try $0.produce(resolver) }
        }
    }

    /// Injects a dictionary whose values come from other injections.
    ///
    /// ```swift
    /// .inject(\.quests, .dictionary(["grail": grailQuest(), "dragon": dragonQuest()]))
    /// ```
    public static func dictionary<K: Hashable & Sendable, V>(
        _ elements: [K: any Injectable<V>]
    ) -> Injection<[K: V]> where Self == Injection<[K: V]> {
        let injections = elements.mapValues { $0.injection }
        return Injection(target: .collection(injections.values.map { $0.target })) { resolver in
            try injections.mapValues { try $0.produce(resolver) }
        }
    }

    /// Injects the components of every definition that declares `V`, in registration order.
    public static func all<V>(_ type: V.Type = V.self) -> Injection<[V]> where Self == Injection<[V]> {
        Injection(target: .allOfType(V.self)) { resolver in try resolver.allComponents(of: type) }
    }
}
