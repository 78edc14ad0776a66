/// Settling: running afterInjections hooks and publishing shared components once their part of the graph
/// is complete; and finishing or abandoning the whole resolution.
extension ResolutionContext {
    /// Records that the component being built depends on the frame at `index` completing.
    func lowerLowLink(to index: Int) {
        guard !stack.isEmpty else { return }
        stack[stack.count - 1].lowLink = min(stack[stack.count - 1].lowLink, index)
    }

    /// Pops the top frame after a successful build: settles its components if its cycle is complete,
    /// otherwise hands them to the frame below.
    func popFrame() {
        let frame = stack.removeLast()
        let index = stack.count
        slots.update(frame.entry) { $0.frame = -1 }
        if frame.lowLink >= index {
            // The common case: one component that never joined a cycle, nothing to run or publish.
            if frame.claimedCell == nil, frame.extras == nil { return }
            settle(members(of: frame))
        } else {
            let members = members(of: frame)
            let root = Int32(frame.lowLink)
            for component in members { slots.update(component.entry) { $0.cycleRoot = root } }
            extras(of: index - 1).unsettled += members
            stack[index - 1].lowLink = min(stack[index - 1].lowLink, frame.lowLink)
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
            slots.update(component.entry) { $0.cycleRoot = -1 }
            for hook in component.hooks { hook() }
        }
        guard components.contains(where: { $0.claimedCell != nil }) else { return }
        guard !usedPatch else {
            factory.coordinator.abandon(components.compactMap(\.claimedCell), by: id)
            return
        }
        var built: [(cell: SharedInstanceCell, value: Any, box: AnyObject?)] = []
        for component in components {
            guard let cell = component.claimedCell, let value = slots.state(of: component.entry)?.value else { continue }
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
        slots.update(entry) { $0 = SlotState() }
    }

    /// Runs hooks queued outside any frame, then gives up claims still held: builds whose failure user
    /// code caught. (Claims that were settled are no longer this resolution's, and are left alone.)
    func complete() {
        while !looseHooks.isEmpty {
            let hooks = looseHooks
            looseHooks.removeAll()
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
        isFinished = true
        if !claimedEntries.isEmpty {
            factory.coordinator.abandon(claimedEntries.compactMap(\.cell), by: id)
            claimedEntries.removeAll(keepingCapacity: true)
        }
        slots.removeAll()
        stack.removeAll(keepingCapacity: true)
        looseHooks.removeAll()
        if !patchedObjectGraph.isEmpty { patchedObjectGraph.removeAll() }
        if !parameterizedEntries.isEmpty { parameterizedEntries.removeAll() }
        usedPatch = false
        tracer = nil
        enclosing = nil
    }
}
