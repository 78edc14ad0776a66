/// Settling: running afterInjections hooks and publishing shared components once their part of the graph
/// is complete; and finishing or abandoning the whole resolution.
extension ResolutionContext {
    /// Records that the component being built depends on the frame at `index` completing.
    func lowerLowLink(to index: Int) {
        guard !stack.frames.isEmpty else { return }
        stack.frames[stack.frames.count - 1].lowLink = min(stack.frames[stack.frames.count - 1].lowLink, index)
    }

    /// Pops the top frame after a successful build: settles its components if its cycle is complete,
    /// otherwise hands them to the frame below.
    func popFrame() {
        let frame = stack.frames.removeLast()
        let index = stack.frames.count
        stack.slots.update(frame.entry) { $0.frame = -1 }
        if frame.lowLink >= index {
            // The common case: one component that never joined a cycle, nothing to run or publish.
            if frame.claimedCell == nil, frame.extras == nil { return }
            settle(members(of: frame))
        } else {
            let members = members(of: frame)
            let root = Int32(frame.lowLink)
            for component in members { stack.slots.update(component.entry) { $0.cycleRoot = root } }
            extras(of: index - 1).unsettled += members
            stack.frames[index - 1].lowLink = min(stack.frames[index - 1].lowLink, frame.lowLink)
        }
    }

    /// The components a frame leaves to settle: its subtree's unsettled members, then its own.
    private func members(of frame: Frame) -> [Unsettled] {
        var members = frame.extras?.unsettled ?? []
        members.append(Unsettled(entry: frame.entry, claimedCell: frame.claimedCell, hooks: frame.extras?.ownHooks ?? []))
        return members
    }

    private func settle(_ components: [Unsettled]) {
        for component in components {
            stack.slots.update(component.entry) { $0.cycleRoot = -1 }
            for hook in component.hooks { hook() }
        }
        guard components.contains(where: { $0.claimedCell != nil }) else { return }
        guard !claims.usedPatch else {
            factory.coordinator.abandon(components.compactMap(\.claimedCell), by: id)
            return
        }
        var built: [(cell: SharedInstanceCell, value: Any, box: AnyObject?)] = []
        for component in components {
            guard let cell = component.claimedCell, let value = stack.slots.state(of: component.entry)?.value else { continue }
            built.append((cell, value, cell.holdsWeakly ? nil : component.entry.definition.box(value)))
        }
        factory.coordinator.publish(built)
    }

    /// Drops a failed frame: its unsettled components are discarded, their claims given up.
    func discard(_ frame: Frame) {
        var cells: [SharedInstanceCell] = []
        for component in members(of: frame) {
            forget(component.entry)
            if let claimed = component.claimedCell { cells.append(claimed) }
        }
        factory.coordinator.abandon(cells, by: id)
    }

    private func forget(_ entry: RegistryEntry) {
        stack.slots.update(entry) { $0 = SlotState() }
    }

    /// Runs hooks queued outside any frame, then gives up claims still held: builds whose failure user
    /// code caught. (Claims that were settled are no longer this resolution's, and are left alone.)
    func complete() {
        while !scratch.looseHooks.isEmpty {
            let hooks = scratch.looseHooks
            scratch.looseHooks.removeAll()
            for hook in hooks { hook() }
        }
        finish()
    }

    /// Gives up every claim this failed resolution still holds.
    func abandon() {
        finish()
    }

    /// Ends the resolution and clears the context for the next one, keeping its storage.
    private func finish() {
        run.isFinished = true
        if !claims.entries.isEmpty {
            factory.coordinator.abandon(claims.entries.compactMap(\.cell), by: id)
            claims.entries.removeAll(keepingCapacity: true)
        }
        if let snapshot = hot.pointee.scratch.graphSnapshot {
            // Not the entries this resolution made for argument values: they are freed with it.
            let ownEntries = Set(scratch.parameterizedEntries.values.map(ObjectIdentifier.init))
            snapshot.fill(stack.slots.instances { $0.scope.isPooledPerResolution && !ownEntries.contains(ObjectIdentifier($0)) })
            hot.pointee.scratch.graphSnapshot = nil
        }
        if hot.pointee.scratch.inheritedGraph != nil { hot.pointee.scratch.inheritedGraph = nil }
        stack.slots.removeAll()
        stack.frames.removeAll(keepingCapacity: true)
        scratch.looseHooks.removeAll()
        if !scratch.patchedObjectGraph.isEmpty { scratch.patchedObjectGraph.removeAll() }
        if !scratch.parameterizedEntries.isEmpty { scratch.parameterizedEntries.removeAll() }
        claims.usedPatch = false
        detours.tracer = nil
        run.enclosing = nil
    }
}
