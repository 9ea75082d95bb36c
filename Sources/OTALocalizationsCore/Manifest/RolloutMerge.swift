/// The one rule for the module entries a device in a staged rollout uses (docs/rollouts.md): the stable entries, each
/// replaced by the rollout's entry of the same name, the rollout's other entries added after them, and the stable
/// entries the rollout removes left out. The device applies it to the index's base parts, the tools (`verify`,
/// `rollout --finish`) to `manifest.json`'s entries.
package enum RolloutMerge {
    /// `stable` merged with `rollout`, in that order: a stable entry is replaced by the first rollout entry of its
    /// name; one named in `removed` or `refused` (a rollout entry of that name was rejected: the module keeps what it
    /// has installed) is left out unless replaced; then every rollout entry whose name no stable entry has.
    ///
    /// Linear in both lists: each lookup is a dictionary's or a set's (a hostile list cannot make it quadratic).
    package static func entries<Entry>(
        stable: [Entry], rollout: [Entry], removed: Set<String>, refused: Set<String> = [], name: (Entry) -> String
    ) -> [Entry] {
        var replacements: [String: Entry] = [:]
        for entry in rollout where replacements[name(entry)] == nil { replacements[name(entry)] = entry }
        let stableNames = Set(stable.map(name))
        let kept: [Entry] = stable.compactMap { entry in
            if let replacement = replacements[name(entry)] { return replacement }
            return removed.contains(name(entry)) || refused.contains(name(entry)) ? nil : entry
        }
        return kept + rollout.filter { !stableNames.contains(name($0)) }
    }
}
