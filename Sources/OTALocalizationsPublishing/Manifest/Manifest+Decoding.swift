import Foundation
import OTALocalizationsCore
import OTALocalizationsNames

extension Manifest {
    /// Decodes `manifest.json` tolerantly, parsed once and strictly (``OrderedJSONParser``, as the device reads the
    /// index): unknown fields are ignored; malformed module entries are moved to ``rejectedModules`` with the reason;
    /// a `null` `channel`, `rollout` or `experiment` is as if it were absent.
    ///
    /// Module names that differ as bytes but are equal once case and Unicode normalization are ignored (the
    /// defaults of Apple's file systems, APFS and HFS+) are all set aside: which one a case-insensitive volume would
    /// keep is not defined. Exact duplicates are left for the client to handle.
    ///
    /// - Throws: ``ManifestError`` with `notJSON`, `duplicateKey`, `missingField`, `unsupportedVersion`, `badDate` (see
    ///   ``ManifestDate`` for the accepted date-times), `badDevelopmentRegion`, `badChannel`, `badRollout` or `badExperiment`
    ///   (also for a manifest with both a `rollout` and an `experiment`) when the manifest as a whole cannot be used.
    public init(bytes: Data) throws(ManifestError) {
        // JSON that is not an object has none of the required fields.
        let root = try IndexDecoding.document(bytes, what: "manifest", notAnObject: .missingField)
        func field<T>(_ key: String, _ read: (OrderedJSONValue) -> T?) throws(ManifestError) -> T {
            guard let value = root[key] else { throw ManifestError(code: .missingField, reason: "manifest has no '\(key)'") }
            guard let typed = read(value) else {
                throw ManifestError(code: .missingField, reason: "manifest field '\(key)' has the wrong type")
            }
            return typed
        }
        let formatVersion = try field("formatVersion") { $0.integerValue.flatMap { Int(exactly: $0) } }
        let appVersion = try field("appVersion", \.stringValue)
        let publishedAtText = try field("publishedAt", \.stringValue)
        let developmentRegion = try field("developmentRegion", \.stringValue)
        let moduleEntries = try field("modules", \.arrayValue)
        guard formatVersion == Manifest.currentFormatVersion else {
            throw ManifestError(
                code: .unsupportedVersion,
                reason: "manifest formatVersion \(formatVersion) is not supported (expected \(Manifest.currentFormatVersion))"
            )
        }
        guard let publishedAt = ManifestDate.parseTimestamp(publishedAtText) else {
            throw ManifestError(
                code: .badDate,
                reason: "manifest 'publishedAt' is not an RFC 3339 date-time with a year from 0001 to 9999, such as 2026-07-24T10:00:00Z: \(publishedAtText)")
        }
        guard LanguageIdentifier.isValid(developmentRegion) else {
            throw ManifestError(
                code: .badDevelopmentRegion,
                reason: "manifest 'developmentRegion' is not a language identifier (1 to 64 ASCII letters, digits, '-' or '_', starting with a letter): \(developmentRegion)")
        }
        var channel: String?
        if let value = root["channel"], !value.isNull {
            guard let name = value.stringValue, ManifestChannel.isValidName(name) else {
                throw ManifestError(code: .badChannel, reason: "manifest 'channel' is not a channel name (1 to 32 lowercase ASCII letters, digits or '-', starting with a letter, not 'production' or 'dsse')")
            }
            channel = name
        }
        let (modules, rejected) = Self.accepted(moduleEntries.map(ManifestEntryDecoding.module), developmentRegion: developmentRegion)
        var rollout: ManifestRollout?
        if let value = root["rollout"], !value.isNull {
            let fields = try ManifestEntryDecoding.rollout(value)
            let (rolloutModules, rolloutRejected) = Self.accepted(fields.modules, developmentRegion: developmentRegion)
            rollout = ManifestRollout(
                id: fields.id, basisPoints: fields.basisPoints, modules: rolloutModules,
                rejectedModules: rolloutRejected, removedModules: fields.removedModules)
        }
        var experiment: ManifestExperiment?
        if let value = root["experiment"], !value.isNull {
            let fields = try IndexDecoding.experimentFields(value, what: "manifest", hasRollout: rollout != nil)
            var arms: [ManifestExperiment.Arm] = []
            for arm in fields.arms {
                guard let entries = arm.value["modules"]?.arrayValue else {
                    throw ManifestError(code: .badExperiment, reason: "manifest 'experiment' arm \(arm.name.debugDescription) has no 'modules' array")
                }
                let (armModules, armRejected) = Self.accepted(entries.map(ManifestEntryDecoding.module), developmentRegion: developmentRegion)
                arms.append(ManifestExperiment.Arm(
                    name: arm.name, range: arm.range, modules: armModules, rejectedModules: armRejected,
                    removedModules: arm.removedModules))
            }
            experiment = ManifestExperiment(id: fields.id, control: fields.control, arms: arms)
        }
        self.init(
            formatVersion: formatVersion, appVersion: appVersion, publishedAtTimestamp: publishedAt,
            developmentRegion: developmentRegion, channel: channel, modules: modules, rejectedModules: rejected,
            rollout: rollout, experiment: experiment
        )
        expiresTimestamp = try IndexDecoding.expires(root, what: "manifest")
    }

    /// The valid entries of one `modules` array and the rejected ones, colliding names set aside. A module with
    /// slices must have one for each of its localizations except the development region (in the base slice) and `Base`.
    private static func accepted(
        _ entries: [Result<ManifestModule, RejectedModule>], developmentRegion: String
    ) -> ([ManifestModule], [RejectedModule]) {
        var modules: [ManifestModule] = []
        var rejected: [RejectedModule] = []
        for entry in entries {
            switch entry {
            case .success(let module):
                if let slices = module.slices {
                    let uncovered = module.localizations.filter {
                        $0 != LocalizationFolder.base && $0 != developmentRegion && slices.localizations[$0] == nil
                    }
                    if !uncovered.isEmpty || slices.localizations[developmentRegion] != nil {
                        let reason = uncovered.isEmpty
                            ? "module 'slices' has a slice for the development region \(developmentRegion), which is in the base slice"
                            : "module 'slices' has no slice for \(uncovered.joined(separator: ", "))"
                        rejected.append(RejectedModule(name: module.name, reason: reason))
                        continue
                    }
                }
                modules.append(module)
            case .failure(let rejection): rejected.append(rejection)
            }
        }
        let colliding = Self.collidingNames(modules.map(\.name))
        rejected += modules.compactMap { module in
            colliding[Array(module.name.utf8)].map {
                RejectedModule(name: module.name, reason: "module name collides with \"\($0)\" when case and Unicode normalization are ignored (as Apple file systems do by default)")
            }
        }
        modules.removeAll { colliding[Array($0.name.utf8)] != nil }
        return (modules, rejected)
    }

    /// Whether `text` can be a `CFBundleDevelopmentRegion`: 1 to 64 ASCII letters, digits, `-` or `_`, starting with
    /// a letter (BCP 47 tags such as `en`, `pt-BR`, `zh-Hans`, and the legacy names such as `English`). The project's
    /// one rule for language identifiers (`LanguageIdentifier` in `OTALocalizationsNames`, where it is documented).
    public static func isLanguageIdentifier(_ text: String) -> Bool {
        LanguageIdentifier.isValid(text)
    }
}

/// `manifest.json`'s module entries and rollout, read from the parsed document without throwing for one bad entry.
private enum ManifestEntryDecoding {
    /// `rollout`: `{"id", "percent", "modules", "removedModules"?}`.
    struct Rollout {
        var id: String
        var basisPoints: Int
        var modules: [Result<ManifestModule, RejectedModule>]
        var removedModules: [String]
    }

    /// - Throws: ``ManifestError`` `badRollout` when the rollout cannot be used.
    static func rollout(_ value: OrderedJSONValue) throws(ManifestError) -> Rollout {
        func failure(_ reason: String) -> ManifestError { ManifestError(code: .badRollout, reason: "manifest 'rollout' \(reason)") }
        guard value.members != nil else { throw failure("is not a JSON object") }
        guard let id = value["id"]?.stringValue, ManifestRollout.isValidID(id) else {
            throw failure("has no 'id' of 1 to 64 ASCII letters, digits, '-' or '_'")
        }
        guard let percent = value["percent"]?.doubleValue, percent >= 0, percent <= 100,
              abs(percent * 100 - (percent * 100).rounded()) < 1e-6
        else { throw failure("has no 'percent' from 0 to 100 with at most two decimals") }
        guard let entries = value["modules"]?.arrayValue else { throw failure("has no 'modules' array") }
        var removed: [String] = []
        if let list = value["removedModules"] {
            guard let names = list.stringArrayValue, names.allSatisfy(ManifestModule.isPlainFileName), Set(names).count == names.count else {
                throw failure("has a 'removedModules' that is not an array of distinct module names")
            }
            removed = names
        }
        return Rollout(id: id, basisPoints: Int((percent * 100).rounded()), modules: entries.map(module), removedModules: removed)
    }

    /// One module entry, or why it is rejected.
    static func module(_ value: OrderedJSONValue) -> Result<ManifestModule, RejectedModule> {
        guard value.members != nil else { return .failure(RejectedModule(name: nil, reason: "module entry is not a JSON object")) }
        let name = value["name"]?.stringValue
        func reject(_ reason: String) -> Result<ManifestModule, RejectedModule> {
            .failure(RejectedModule(name: name, reason: reason))
        }
        guard let name else { return reject("module entry has no string 'name'") }
        guard ManifestModule.isPlainFileName(name) else { return reject("module name is not a plain file name") }
        guard let path = value["path"]?.stringValue else { return reject("module has no string 'path'") }
        guard ManifestModule.isPlainFileName(path) else { return reject("module path is not a plain file name") }
        guard let sha = value["sha256"]?.stringValue, ManifestModule.isSHA256Hex(sha) else {
            return reject("module 'sha256' is not 64 lowercase hex digits")
        }
        guard let size = value["size"]?.integerValue, size >= 0 else {
            return reject("module 'size' is not a non-negative integer")
        }
        let localizations = value["localizations"]?.stringArrayValue ?? []
        var slices: ManifestSlices?
        if let sliceValue = value["slices"] {
            switch Self.slices(sliceValue, localizations: localizations) {
            case .success(let value): slices = value
            case .failure(let rejection): return reject(rejection.reason)
            }
        }
        return .success(ManifestModule(name: name, path: path, sha256: sha, size: size, localizations: localizations, slices: slices))
    }

    /// Why a module entry's `slices` cannot be used.
    struct SliceRejection: Error {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// A module entry's `slices`: `{"base": slice, "localizations": {name: slice}}`, each slice
    /// `{"path", "sha256", "size"}` with the rules of the module's own fields, named by one of the module's
    /// `localizations` other than `Base` (which slices must exist is checked against the development region, see
    /// `Manifest.accepted`).
    static func slices(_ value: OrderedJSONValue, localizations: [String]) -> Result<ManifestSlices, SliceRejection> {
        guard value.members != nil else { return .failure(SliceRejection("module 'slices' is not a JSON object")) }
        guard let baseValue = value["base"], baseValue.members != nil else {
            return .failure(SliceRejection("module 'slices' has no 'base' object"))
        }
        guard let base = IndexDecoding.file(baseValue) else {
            return .failure(SliceRejection("module 'slices.base' needs a plain file name 'path', 64 lowercase hex digits 'sha256' and a non-negative 'size'"))
        }
        guard let named = value["localizations"]?.members else {
            return .failure(SliceRejection("module 'slices' has no 'localizations' object"))
        }
        var byName: [String: PublishedFile] = [:]
        for member in named {
            let name = member.key
            guard name != LocalizationFolder.base else {
                return .failure(SliceRejection("module 'slices.localizations' has \(LocalizationFolder.base.debugDescription), which belongs in the base slice"))
            }
            guard ManifestModule.isPlainFileName(name), localizations.contains(name) else {
                return .failure(SliceRejection("module 'slices.localizations' has \(name.debugDescription), which is not one of the module's localizations"))
            }
            guard let slice = IndexDecoding.file(member.value) else {
                return .failure(SliceRejection("module slice \(name.debugDescription) needs a plain file name 'path', 64 lowercase hex digits 'sha256' and a non-negative 'size'"))
            }
            byName[name] = slice
        }
        return .success(ManifestSlices(base: base, localizations: byName))
    }
}
