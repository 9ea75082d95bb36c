@testable import OTALocalizationsCore
import Testing

/// The one rollout merge the device (over the index's base parts) and the tools (over `manifest.json`) apply.
@Suite struct RolloutMergeTests {
    private struct Entry: Equatable {
        var name: String
        var version: Int
    }

    @Test func replacesByTheFirstEntryOfANameAddsTheRestAndLeavesOutRemovedAndRefusedNames() {
        let stable = [Entry(name: "A", version: 1), Entry(name: "B", version: 1), Entry(name: "C", version: 1), Entry(name: "E", version: 1)]
        let rollout = [Entry(name: "B", version: 2), Entry(name: "D", version: 2), Entry(name: "B", version: 3), Entry(name: "C", version: 2)]
        let merged = RolloutMerge.entries(stable: stable, rollout: rollout, removed: ["C", "E"], refused: ["A"], name: \.name)
        // A refused, B and C replaced (a replaced name is kept even when removed), E removed, D added.
        #expect(merged == [Entry(name: "B", version: 2), Entry(name: "C", version: 2), Entry(name: "D", version: 2)])
    }

    @Test func withoutARolloutTheStableEntriesStay() {
        let stable = [Entry(name: "A", version: 1), Entry(name: "B", version: 1)]
        #expect(RolloutMerge.entries(stable: stable, rollout: [], removed: [], name: \.name) == stable)
    }
}
