import Foundation
import OTALocalizationsNames
import OTALocalizationsCore
import OTALocalizationsSync

extension PublishVerifier {
    /// The module entries themselves: none rejected, no name twice, and no more than a device accepts.
    mutating func checkEntries(_ manifest: Manifest) {
        for rejected in manifest.rejectedModules + (manifest.rollout?.rejectedModules ?? []) {
            fail("module entry \(rejected.name ?? "(unnamed)"): \(rejected.reason)", code: "rejected-entry")
        }
        for entries in [manifest.modules, manifest.rollout?.modules ?? []] {
            var seen: Set<String> = []
            for module in entries where !seen.insert(module.name).inserted {
                fail("module \(module.name) is listed twice: devices fail the second entry", code: "duplicate-module")
            }
        }
        for module in manifest.modules + (manifest.rollout?.modules ?? []) {
            if module.localizations.count > maximumLocalizationsPerModule {
                fail("module \(module.name) lists \(module.localizations.count) localizations, more than the \(maximumLocalizationsPerModule) a device accepts (maximumLocalizationsPerModule): devices fail it (limit)", code: "limit")
            }
            if let slices = module.slices, slices.localizations.count > maximumSlicesPerModule {
                fail("module \(module.name) has \(slices.localizations.count) slices, more than the \(maximumSlicesPerModule) a device accepts (maximumSlicesPerModule): devices fail it (limit)", code: "limit")
            }
        }
        let count = manifest.modules(inRollout: true).count + manifest.rejectedModules.count + (manifest.rollout?.rejectedModules.count ?? 0)
        do {
            try ManifestAdmission.checkEntryCount(count, rules: rules)
        } catch {
            fail("\(error.reason) (\(error.code))", code: "\(error.code)")
        }
    }

    /// Every full ZIP and slice of every stable and rollout entry: read (in one batch), size and SHA-256 against the
    /// manifest, then checked as a device's installer checks it.
    mutating func checkArchives(_ manifest: Manifest) {
        struct Item {
            var module: String
            var file: PublishedFile
            /// nil: the full ZIP; "": the base slice; else the localization.
            var slice: String?
            var label: String
        }
        var items: [Item] = []
        for module in manifest.modules + (manifest.rollout?.modules ?? []) {
            items.append(Item(module: module.name, file: PublishedFile(path: module.path, sha256: module.sha256, size: module.size), slice: nil, label: ""))
            if let slices = module.slices {
                items.append(Item(module: module.name, file: slices.base, slice: "", label: " (base slice)"))
                for name in UTF8ByteOrder.sorted(Array(slices.localizations.keys)) {
                    items.append(Item(module: module.name, file: slices.localizations[name]!, slice: name, label: " (slice \(name))"))
                }
            }
        }
        let names = Array(Set(items.map(\.file.path)))
        progress(.reading(files: names.count))
        let read = read(names, maximumBytes: Dictionary(items.map { ($0.file.path, $0.file.size + 1) }, uniquingKeysWith: max), commitPoints: false)
        var failed: Set<String> = []
        for (index, item) in items.enumerated() {
            defer { progress(.checked(files: index + 1, total: items.count)) }
            guard let (code, problem) = problem(with: item.file, read: read[item.file.path], slice: item.slice, developmentRegion: manifest.developmentRegion) else { continue }
            fail("\(item.module)\(item.label): \(problem)", file: item.file.path, code: code)
            failed.insert(item.module)
        }
        for module in manifest.modules + (manifest.rollout?.modules ?? []) where !failed.contains(module.name) {
            let slices = module.slices.map { " and \($0.localizations.count + 1) slices" } ?? ""
            pass("\(module.name): \(module.path), \(module.size) bytes\(slices), sha256 matches", file: module.path)
        }
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
