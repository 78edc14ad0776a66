/// Settling: running afterInjections hooks and publishing shared components once their part of the graph
/// is complete; and finishing or abandoning the whole resolution.
extension ResolutionContext {
    /// Records that the component being built uses an instance that is not yet settled.
    func noteDependency(on slot: ObjectIdentifier) {
        if !unsettledRoots.isEmpty, let root = unsettledRoots[slot] { lowerLowLink(to: root) }
    }

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
        if frame.lowLink >= index {
            if frame.unsettled.count == 1, frame.unsettled[0].claimedCell == nil, frame.unsettled[0].hooks.isEmpty, unsettledRoots.isEmpty {
                return  // the common case: one component, nothing to run or publish
            }
            settle(frame.unsettled)
        } else {
            for component in frame.unsettled { unsettledRoots[component.entry.slot] = frame.lowLink }
            stack[index - 1].unsettled += frame.unsettled
            stack[index - 1].lowLink = min(stack[index - 1].lowLink, frame.lowLink)
        }
    }

    private func settle(_ components: [Unsettled]) {
        for component in components {
            if !unsettledRoots.isEmpty { unsettledRoots[component.entry.slot] = nil }
            for hook in component.hooks { hook() }
        }
        guard components.contains(where: { $0.claimedCell != nil }) else { return }
        guard !usedPatch else {
            factory.coordinator.abandon(components.compactMap(\.claimedCell), by: id)
            return
        }
        var built: [(cell: SharedInstanceCell, value: Any, box: AnyObject?)] = []
        for component in components {
            guard let cell = component.claimedCell, let value = sharedInstances[component.entry.slot] else { continue }
            built.append((cell, value, cell.holdsWeakly ? nil : component.entry.definition.box(value)))
        }
        factory.coordinator.publish(built)
    }

    /// Drops a failed frame: its unsettled components are discarded, their claims given up.
    func discard(_ frame: Frame, failing entry: RegistryEntry, claimed cell: SharedInstanceCell?) {
        var cells: [SharedInstanceCell] = cell.map { [$0] } ?? []
        forget(entry.slot)
        for component in frame.unsettled {
            forget(component.entry.slot)
            if let claimed = component.claimedCell { cells.append(claimed) }
        }
        factory.coordinator.abandon(cells, by: id)
    }

    private func forget(_ slot: ObjectIdentifier) {
        objectGraph[slot] = nil
        sharedInstances[slot] = nil
        unsettledRoots[slot] = nil
    }

    /// Runs hooks queued outside any frame, then gives up claims still held: builds whose failure user
    /// code caught. (Claims that were settled are no longer this resolution's, and are left alone.)
    func complete() {
        if looseHooks.isEmpty, claimedEntries.isEmpty, objectGraph.isEmpty, sharedInstances.isEmpty {
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
        sharedInstances.removeAll()
        objectGraph.removeAll()
        unsettledRoots.removeAll()
        parameterizedEntries.removeAll()
    }
}
