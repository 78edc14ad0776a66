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
            if frame.unsettled.count == 1, frame.unsettled[0].claimedCell == nil, frame.unsettled[0].hooks.isEmpty {
                return  // the common case: one component that never joined a cycle, nothing to run or publish
            }
            settle(frame.unsettled)
        } else {
            let root = Int32(frame.lowLink)
            for component in frame.unsettled { slots.update(component.entry) { $0.cycleRoot = root } }
            stack[index - 1].unsettled += frame.unsettled
            stack[index - 1].lowLink = min(stack[index - 1].lowLink, frame.lowLink)
        }
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
    func discard(_ frame: Frame, failing entry: RegistryEntry, claimed cell: SharedInstanceCell?) {
        var cells: [SharedInstanceCell] = cell.map { [$0] } ?? []
        forget(entry)
        for component in frame.unsettled {
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
        if looseHooks.isEmpty, claimedEntries.isEmpty, slots.isEmpty {
            isFinished = true
            return
        }
        while !looseHooks.isEmpty {
            let hooks = looseHooks
            looseHooks.removeAll()
            for hook in hooks { hook() }
        }
        factory.coordinator.abandon(claimedEntries.compactMap(\.cell), by: id)
        finish()
    }

    /// Gives up every claim this failed resolution still holds.
    func abandon() {
        factory.coordinator.abandon(claimedEntries.compactMap(\.cell), by: id)
        finish()
    }

    private func finish() {
        isFinished = true
        claimedEntries.removeAll()
        slots.removeAll()
        patchedObjectGraph.removeAll()
        parameterizedEntries.removeAll()
    }
}
