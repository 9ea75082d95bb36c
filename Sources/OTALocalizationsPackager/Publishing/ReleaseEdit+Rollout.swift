import Foundation
import OTALocalizationsNames
import OTALocalizationsCore

extension ReleaseEdit {
    /// Sets the running rollout's percent, keeping its id (so raising it only adds devices).
    ///
    /// - Throws: ``PackagerError`` `refused` when production has no rollout (or no manifest), or carries an experiment
    ///   (``PackagerError/Field/experimentInProgress``); as ``promote(from:to:rolloutBasisPoints:_:)``.
    package static func setRolloutPercent(basisPoints: Int, _ options: ReleaseEditOptions) throws(PackagerError) -> ReleaseEditResult {
        try editRollout(options) { manifest, rollout in
            var rollout = rollout
            rollout.basisPoints = basisPoints
            manifest.rollout = rollout
        }
    }

    /// Ends the rollout for everyone: its module entries replace (or join) the stable ones, and `rollout` is dropped.
    /// The modules the rollout removes are removed for every device.
    package static func finishRollout(_ options: ReleaseEditOptions) throws(PackagerError) -> ReleaseEditResult {
        try editRollout(options) { manifest, _ in
            let modules = manifest.modules(inRollout: true)
            manifest.modules = UTF8ByteOrder.positions(of: modules.map(\.name)).map { modules[$0] }
            manifest.rollout = nil
        }
    }

    /// Ends the rollout for no one: drops `rollout` and keeps the stable modules (also those it removed); devices in it
    /// go back to them.
    package static func cancelRollout(_ options: ReleaseEditOptions) throws(PackagerError) -> ReleaseEditResult {
        try editRollout(options) { manifest, _ in manifest.rollout = nil }
    }

    /// `text` as basis points: a decimal from 0 to 100 with at most two fraction digits (`12.5` is 1,250); nil otherwise.
    package static func basisPoints(percent text: String) -> Int? {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty, whole.count <= 3, whole.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        var fraction = parts.count == 2 ? String(parts[1]) : ""
        guard fraction.count <= 2, fraction.allSatisfy({ $0.isASCII && $0.isNumber }), parts.count == 1 || !fraction.isEmpty else { return nil }
        while fraction.count < 2 { fraction += "0" }
        guard let value = Int(whole), let hundredths = Int(fraction) else { return nil }
        let points = value * 100 + hundredths
        return points <= 10_000 ? points : nil
    }

    /// 16 lowercase hexadecimal digits from the system's random source.
    static func randomRolloutID() -> String {
        var generator = SystemRandomNumberGenerator()
        let value = generator.next() as UInt64
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    private static func editRollout(
        _ options: ReleaseEditOptions, _ change: @escaping (inout Manifest, ManifestRollout) -> Void
    ) throws(PackagerError) -> ReleaseEditResult {
        let store = try VersionFolderStores.open(options.versionFolder, environment: options.environment)
        return try store.withLock { () throws(PackagerError) -> ReleaseEditResult in
            options.progress(.read)
            let listed = try store.list()
            let name = ManifestChannel.manifestFileName(channel: nil)
            return try apply(to: nil, in: store, listed: listed, options, newRolloutID: false) { current throws(PackagerError) -> Manifest in
                guard let current else {
                    throw PackagerError(code: .refused, reason: "\(options.versionFolder.display(name)): no such manifest; publish and promote first, and check that "
                        + "\(options.versionFolder) is the version folder publish wrote: <base>/<app version>, e.g. s3://strings/ios/1.0.0")
                }
                try options.checkExpected(current, shownAs: options.versionFolder.display(name))
                if let running = current.experiment { throw experimentInProgress(running, at: options.versionFolder.display(name)) }
                guard let rollout = current.rollout else {
                    let location = options.versionFolder.display(name)
                    throw PackagerError(
                        code: .refused, reason: "\(location) has no rollout; start one with a promote's rolloutBasisPoints",
                        field: .rolloutBasisPoints, facts: PackagerError.Facts(location: location))
                }
                var manifest = current
                change(&manifest, rollout)
                manifest.publishedAtTimestamp = ManifestFiles.nextPublishedAt(after: current.publishedAtTimestamp, now: options.now)
                manifest.expiresTimestamp = movedExpiry(of: current, to: manifest.publishedAtTimestamp)
                return manifest
            }
        }
    }
}
