import Foundation
import OTALocalizationsNames

/// A staged rollout carried by a production manifest (docs/rollouts.md): module entries that replace the stable
/// entries of the same name, or are added, on the share of devices in the rollout.
///
/// Membership needs no server: a device is in when ``bucket(rolloutID:installID:)`` is below ``basisPoints``. With the
/// same ``id``, raising the percent only adds devices and lowering it only removes some; a new id reshuffles.
public struct ManifestRollout: Sendable, Equatable {
    /// Names this rollout in the bucket computation and in reports; 1 to 64 ASCII letters, digits, `-` or `_`.
    public var id: String
    /// The share of devices in the rollout in hundredths of a percent, 0 to 10,000 (`percent` 12.34 is 1,234).
    public var basisPoints: Int
    /// The rollout's module entries, each with the same rules as ``Manifest/modules``.
    public var modules: [ManifestModule]
    /// Rollout module entries that could not be accepted.
    public var rejectedModules: [RejectedModule]
    /// Names of stable modules that devices in the rollout drop (they fall back to their embedded strings); the
    /// other devices keep them until the rollout finishes. Sorted by the bytes of their UTF-8 names, each once.
    public var removedModules: [String]

    public init(
        id: String, basisPoints: Int, modules: [ManifestModule], rejectedModules: [RejectedModule] = [],
        removedModules: [String] = []
    ) {
        self.id = id
        self.basisPoints = basisPoints
        self.modules = modules
        self.rejectedModules = rejectedModules
        self.removedModules = removedModules
    }

    /// The device's bucket, 0 to 9,999: the first 4 bytes of SHA-256 of the UTF-8 text `<rolloutID>:<installID>`,
    /// read as a big-endian `UInt32`, modulo 10,000.
    public static func bucket(rolloutID: String, installID: String) -> Int {
        let digest = SHA256Digest.hash(Data("\(rolloutID):\(installID)".utf8))
        let value = digest.prefix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        return Int(value % 10_000)
    }

    /// Whether the device with `installID` is in this rollout.
    public func includes(installID: String) -> Bool {
        Self.bucket(rolloutID: id, installID: installID) < basisPoints
    }

    /// The percent as the manifest writes it: the shortest decimal with at most two fraction digits (`10`, `12.5`).
    public var percentText: String {
        let whole = basisPoints / 100, fraction = basisPoints % 100
        if fraction == 0 { return "\(whole)" }
        return fraction % 10 == 0 ? "\(whole).\(fraction / 10)" : "\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// Whether `text` can be a rollout id: 1 to 64 ASCII letters, digits, `-` or `_` (`RolloutIdentifier` in
    /// `OTALocalizationsNames`, which the device's rollout record is read with too).
    public static func isValidID(_ text: String) -> Bool {
        RolloutIdentifier.isValid(text)
    }
}

extension Manifest {
    /// The module entries a device uses: ``modules``, merged with ``rollout``'s when `inRollout` (``RolloutMerge``).
    public func modules(inRollout: Bool) -> [ManifestModule] {
        guard inRollout, let rollout else { return modules }
        return RolloutMerge.entries(
            stable: modules, rollout: rollout.modules, removed: Set(rollout.removedModules), name: \.name)
    }
}
