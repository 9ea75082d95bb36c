import Foundation

// Module names a case-insensitive volume cannot tell apart: the index's parts (what devices read) and `manifest.json`
// (what CI reads, OTALocalizationsPublishing) set them aside with the same rule.
extension Manifest {
    /// The key under which two module names collide on a case-insensitive, normalization-insensitive volume:
    /// canonical composition (NFC), then Unicode upper- and lower-case mapping (which folds `ß` with `SS`).
    public static func collisionKey(_ name: String) -> String {
        name.precomposedStringWithCanonicalMapping.uppercased().lowercased().precomposedStringWithCanonicalMapping
    }

    /// For each spelling (UTF-8 bytes) that shares its ``collisionKey(_:)`` with another spelling: that other one.
    package static func collidingNames(_ names: [String]) -> [[UInt8]: String] {
        var spellings: [String: [String]] = [:]
        for name in names {
            let key = collisionKey(name)
            if !(spellings[key] ?? []).contains(where: { Array($0.utf8) == Array(name.utf8) }) {
                spellings[key, default: []].append(name)
            }
        }
        var result: [[UInt8]: String] = [:]
        for group in spellings.values where group.count > 1 {
            for (index, name) in group.enumerated() {
                result[Array(name.utf8)] = group[index == 0 ? 1 : 0]
            }
        }
        return result
    }
}
