import Foundation
import OTALocalizationsNames
import OTALocalizationsCore
import OTALocalizationsSync

extension PublishVerifier {
    /// The module entries themselves: none rejected, no name twice in one list, and no more than a device accepts
    /// (the entries of each experiment arm are checked as that arm's, ``checkArms(_:)``).
    mutating func checkEntries(_ manifest: Manifest) {
        for rejected in manifest.rejectedModules + (manifest.rollout?.rejectedModules ?? []) {
            fail("module entry \(rejected.name ?? "(unnamed)"): \(rejected.reason)", code: "rejected-entry")
        }
        for arm in manifest.experiment?.arms ?? [] {
            for rejected in arm.rejectedModules {
                fail("arm \(arm.name): module entry \(rejected.name ?? "(unnamed)"): \(rejected.reason)", code: "rejected-entry", arm: arm.name)
            }
        }
        let lists: [(arm: String?, modules: [ManifestModule])] = [(nil, manifest.modules), (nil, manifest.rollout?.modules ?? [])]
            + (manifest.experiment?.arms ?? []).map { ($0.name, $0.modules) }
        for (arm, entries) in lists {
            let prefix = arm.map { "arm \($0): " } ?? ""
            var seen: Set<String> = []
            for module in entries where !seen.insert(module.name).inserted {
                fail("\(prefix)module \(module.name) is listed twice: devices fail the second entry", code: "duplicate-module", arm: arm)
            }
            for module in entries {
                if module.localizations.count > maximumLocalizationsPerModule {
                    fail("\(prefix)module \(module.name) lists \(module.localizations.count) localizations, more than the \(maximumLocalizationsPerModule) a device accepts (maximumLocalizationsPerModule): devices fail it (limit)", code: "limit", arm: arm)
                }
                if let slices = module.slices, slices.localizations.count > maximumSlicesPerModule {
                    fail("\(prefix)module \(module.name) has \(slices.localizations.count) slices, more than the \(maximumSlicesPerModule) a device accepts (maximumSlicesPerModule): devices fail it (limit)", code: "limit", arm: arm)
                }
            }
        }
        guard manifest.experiment == nil else { return }
        do {
            try ManifestAdmission.checkEntryCount(Self.longestEntryList(manifest), rules: rules)
        } catch {
            fail("\(error.reason) (\(error.code))", code: "\(error.code)")
        }
    }

    /// The most module entries a device could be given (rejected ones counted, as a device counts them): the stable
    /// list, merged with the rollout's or with any one experiment arm's.
    static func longestEntryList(_ manifest: Manifest) -> Int {
        var counts = [manifest.modules(inRollout: true).count + manifest.rejectedModules.count + (manifest.rollout?.rejectedModules.count ?? 0)]
        for arm in manifest.experiment?.arms ?? [] {
            counts.append(manifest.modules(inArm: arm.name).count + manifest.rejectedModules.count + arm.rejectedModules.count)
        }
        return counts.max() ?? 0
    }

    /// Every full ZIP and slice of every stable, rollout and experiment arm entry: read (in one batch), size and SHA-256
    /// against the manifest, then checked as a device's installer checks it.
    mutating func checkArchives(_ manifest: Manifest) {
        struct Item {
            var module: String
            var file: PublishedFile
            /// nil: the full ZIP; "": the base slice; else the localization.
            var slice: String?
            var label: String
            /// The experiment arm whose entry it is; nil for a stable or rollout entry.
            var arm: String?
        }
        let entries = Self.entriesWithArms(manifest)
        var items: [Item] = []
        for (arm, module) in entries {
            items.append(Item(module: module.name, file: PublishedFile(path: module.path, sha256: module.sha256, size: module.size), slice: nil, label: "", arm: arm))
            if let slices = module.slices {
                items.append(Item(module: module.name, file: slices.base, slice: "", label: " (base slice)", arm: arm))
                for name in UTF8ByteOrder.sorted(Array(slices.localizations.keys)) {
                    items.append(Item(module: module.name, file: slices.localizations[name]!, slice: name, label: " (slice \(name))", arm: arm))
                }
            }
        }
        let names = Array(Set(items.map(\.file.path)))
        progress(.reading(files: names.count))
        let read = read(names, maximumBytes: Dictionary(items.map { ($0.file.path, $0.file.size + 1) }, uniquingKeysWith: max), commitPoints: false)
        /// A failed module: its name, after its arm's (`short/Checkout`) when it is an arm's entry.
        func key(_ arm: String?, _ module: String) -> String { arm.map { "\($0)/\(module)" } ?? module }
        var failed: Set<String> = []
        for (index, item) in items.enumerated() {
            defer { progress(.checked(files: index + 1, total: items.count)) }
            guard let (code, problem) = problem(with: item.file, read: read[item.file.path], slice: item.slice, developmentRegion: manifest.developmentRegion) else { continue }
            fail("\(item.arm.map { "arm \($0): " } ?? "")\(item.module)\(item.label): \(problem)", file: item.file.path, code: code, arm: item.arm)
            failed.insert(key(item.arm, item.module))
        }
        for (arm, module) in entries where !failed.contains(key(arm, module.name)) {
            let slices = module.slices.map { " and \($0.localizations.count + 1) slices" } ?? ""
            pass("\(arm.map { "arm \($0): " } ?? "")\(module.name): \(module.path), \(module.size) bytes\(slices), sha256 matches", file: module.path, arm: arm)
        }
    }

    /// The stable and rollout entries (arm nil), then each experiment arm's own, in file order.
    static func entriesWithArms(_ manifest: Manifest) -> [(arm: String?, module: ManifestModule)] {
        (manifest.modules + (manifest.rollout?.modules ?? [])).map { (nil, $0) }
            + (manifest.experiment?.arms ?? []).flatMap { arm in arm.modules.map { (arm.name, $0) } }
    }

    private func problem(
        with file: PublishedFile, read: Result<Data, PublishedFileFailure>?, slice: String?, developmentRegion: String
    ) -> (code: String, message: String)? {
        switch read {
        case .failure(let failure)?: return (failure.isMissing ? "missing" : "unreadable", failure.message)
        case nil: return ("unreadable", "\(reader.display(file.path)): cannot be read")
        case .success(let bytes)?:
            if Int64(bytes.count) != file.size {
                return ("size-or-sha256", "\(reader.display(file.path)) is \(bytes.count) bytes, the manifest says \(file.size)")
            }
            let digest = SHA256Digest.hexString(bytes)
            if digest != file.sha256 {
                return ("size-or-sha256", "\(reader.display(file.path)) has SHA-256 \(digest), the manifest says \(file.sha256)")
            }
            do {
                try BundleArchiveRules.check(bytes, slice: slice, developmentRegion: developmentRegion, limits: ZipLimits())
                return nil
            } catch {
                return ("archive", "\(reader.display(file.path)): a device refuses it (\(error.code)): \(error.reason)")
            }
        }
    }
}
