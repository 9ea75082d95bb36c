import Foundation
import OTALocalizationsCore
import OTALocalizationsNames

extension Manifest {
    /// Decodes `manifest.json` tolerantly: unknown fields are ignored; malformed module entries are moved to
    /// ``rejectedModules`` with the reason.
    ///
    /// Module names that differ as bytes but are equal once case and Unicode normalization are ignored (the
    /// defaults of Apple's file systems, APFS and HFS+) are all set aside: which one a case-insensitive volume would
    /// keep is not defined. Exact duplicates are left for the client to handle.
    ///
    /// - Throws: ``ManifestError`` with `notJSON`, `missingField`, `unsupportedVersion`, `badDate` (see
    ///   ``ManifestDate`` for the accepted date-times), `badDevelopmentRegion`, `badChannel` or `badRollout` when the
    ///   manifest as a whole cannot be used.
    public init(bytes: Data) throws(ManifestError) {
        let wire: WireManifest
        do {
            wire = try JSONDecoder().decode(WireManifest.self, from: bytes)
        } catch let error as ManifestError {
            throw error
        } catch DecodingError.dataCorrupted {
            throw ManifestError(code: .notJSON, reason: "manifest is not a valid JSON object")
        } catch DecodingError.keyNotFound(let key, _) {
            throw ManifestError(code: .missingField, reason: "manifest has no '\(key.stringValue)'")
        } catch DecodingError.typeMismatch(_, let context) {
            let field = context.codingPath.first?.stringValue ?? "top level"
            throw ManifestError(code: .missingField, reason: "manifest field '\(field)' has the wrong type")
        } catch {
            throw ManifestError(code: .notJSON, reason: "manifest could not be decoded: \(error)")
        }
        if let key = DuplicateKeys.first(in: bytes) {
            throw ManifestError(
                code: .duplicateKey,
                reason: "manifest has the key \(JSONText.quoted(key)) twice in one object; readers would disagree on which one counts")
        }
        guard wire.formatVersion == Manifest.currentFormatVersion else {
            throw ManifestError(
                code: .unsupportedVersion,
                reason: "manifest formatVersion \(wire.formatVersion) is not supported (expected \(Manifest.currentFormatVersion))"
            )
        }
        guard let publishedAt = ManifestDate.parseTimestamp(wire.publishedAt) else {
            throw ManifestError(
                code: .badDate,
                reason: "manifest 'publishedAt' is not an RFC 3339 date-time with a year from 0001 to 9999, such as 2026-07-24T10:00:00Z: \(wire.publishedAt)")
        }
        guard LanguageIdentifier.isValid(wire.developmentRegion) else {
            throw ManifestError(
                code: .badDevelopmentRegion,
                reason: "manifest 'developmentRegion' is not a language identifier (1 to 64 ASCII letters, digits, '-' or '_', starting with a letter): \(wire.developmentRegion)")
        }
        let channel = try wire.channel?.value.get()
        let (modules, rejected) = Self.accepted(wire.modules, developmentRegion: wire.developmentRegion)
        var rollout: ManifestRollout?
        if let wireRollout = try wire.rollout?.value.get() {
            let (rolloutModules, rolloutRejected) = Self.accepted(wireRollout.modules, developmentRegion: wire.developmentRegion)
            rollout = ManifestRollout(
                id: wireRollout.id, basisPoints: wireRollout.basisPoints, modules: rolloutModules,
                rejectedModules: rolloutRejected, removedModules: wireRollout.removedModules)
        }
        self.init(
            formatVersion: wire.formatVersion, appVersion: wire.appVersion, publishedAtTimestamp: publishedAt,
            developmentRegion: wire.developmentRegion, channel: channel, modules: modules, rejectedModules: rejected,
            rollout: rollout
        )
    }

    /// The valid entries of one `modules` array and the rejected ones, colliding names set aside. A module with
    /// slices must have one for each of its localizations except the development region (in the base slice) and `Base`.
    private static func accepted(
        _ entries: [LossyModule], developmentRegion: String
    ) -> ([ManifestModule], [RejectedModule]) {
        var modules: [ManifestModule] = []
        var rejected: [RejectedModule] = []
        for entry in entries {
            switch entry.result {
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

/// The manifest as JSON carries it; unknown keys are ignored by `JSONDecoder`.
private struct WireManifest: Decodable {
    var formatVersion: Int
    var appVersion: String
    var publishedAt: String
    var developmentRegion: String
    var channel: LossyChannel?
    var modules: [LossyModule]
    var rollout: LossyRollout?
}

/// `channel`: a channel name, or the reason it is not one (thrown after the required fields are checked).
private struct LossyChannel: Decodable {
    var value: Result<String, ManifestError>

    init(from decoder: any Decoder) {
        guard let name = try? decoder.singleValueContainer().decode(String.self), ManifestChannel.isValidName(name) else {
            value = .failure(ManifestError(code: .badChannel, reason: "manifest 'channel' is not a channel name (1 to 32 lowercase ASCII letters, digits or '-', starting with a letter, not 'production' or 'dsse')"))
            return
        }
        value = .success(name)
    }
}

/// `rollout`: `{"id", "percent", "modules"}`, or the reason it cannot be used.
private struct LossyRollout: Decodable {
    struct Fields {
        var id: String
        var basisPoints: Int
        var modules: [LossyModule]
        var removedModules: [String]
    }

    var value: Result<Fields, ManifestError>

    private enum Key: String, CodingKey { case id, percent, modules, removedModules }

    init(from decoder: any Decoder) {
        func failure(_ reason: String) -> Result<Fields, ManifestError> {
            .failure(ManifestError(code: .badRollout, reason: "manifest 'rollout' \(reason)"))
        }
        guard let container = try? decoder.container(keyedBy: Key.self) else {
            value = failure("is not a JSON object")
            return
        }
        guard let id = try? container.decode(String.self, forKey: .id), ManifestRollout.isValidID(id) else {
            value = failure("has no 'id' of 1 to 64 ASCII letters, digits, '-' or '_'")
            return
        }
        guard let percent = try? container.decode(Double.self, forKey: .percent), percent >= 0, percent <= 100,
              abs(percent * 100 - (percent * 100).rounded()) < 1e-6
        else {
            value = failure("has no 'percent' from 0 to 100 with at most two decimals")
            return
        }
        guard let modules = try? container.decode([LossyModule].self, forKey: .modules) else {
            value = failure("has no 'modules' array")
            return
        }
        var removed: [String] = []
        if container.contains(.removedModules) {
            guard let names = try? container.decode([String].self, forKey: .removedModules),
                  names.allSatisfy(ManifestModule.isPlainFileName), Set(names).count == names.count
            else {
                value = failure("has a 'removedModules' that is not an array of distinct module names")
                return
            }
            removed = names
        }
        value = .success(Fields(id: id, basisPoints: Int((percent * 100).rounded()), modules: modules, removedModules: removed))
    }
}

/// One module entry that never fails to decode: a malformed entry becomes a ``RejectedModule``.
private struct LossyModule: Decodable {
    var result: Result<ManifestModule, RejectedModule>

    private enum Key: String, CodingKey { case name, path, sha256, size, localizations, slices }

    init(from decoder: any Decoder) {
        guard let container = try? decoder.container(keyedBy: Key.self) else {
            result = .failure(RejectedModule(name: nil, reason: "module entry is not a JSON object"))
            return
        }
        let name = try? container.decode(String.self, forKey: .name)
        func reject(_ reason: String) -> Result<ManifestModule, RejectedModule> {
            .failure(RejectedModule(name: name, reason: reason))
        }
        result = {
            guard let name else { return reject("module entry has no string 'name'") }
            guard ManifestModule.isPlainFileName(name) else { return reject("module name is not a plain file name") }
            guard let path = try? container.decode(String.self, forKey: .path) else {
                return reject("module has no string 'path'")
            }
            guard ManifestModule.isPlainFileName(path) else { return reject("module path is not a plain file name") }
            guard let sha = try? container.decode(String.self, forKey: .sha256), ManifestModule.isSHA256Hex(sha) else {
                return reject("module 'sha256' is not 64 lowercase hex digits")
            }
            guard let size = try? container.decode(Int64.self, forKey: .size), size >= 0 else {
                return reject("module 'size' is not a non-negative integer")
            }
            let localizations = (try? container.decode([String].self, forKey: .localizations)) ?? []
            var slices: ManifestSlices?
            if container.contains(Key.slices) {
                switch LossySlices.decode(from: container, forKey: Key.slices, localizations: localizations) {
                case .success(let value): slices = value
                case .failure(let rejection): return reject(rejection.reason)
                }
            }
            return .success(ManifestModule(
                name: name, path: path, sha256: sha, size: size, localizations: localizations, slices: slices))
        }()
    }
}

/// Why a module entry's `slices` cannot be used.
private struct SliceRejection: Error {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}

/// A module entry's `slices`: `{"base": slice, "localizations": {name: slice}}`, each slice
/// `{"path", "sha256", "size"}` with the rules of the module's own fields.
private enum LossySlices {
    private enum Key: String, CodingKey { case base, localizations }
    private enum SliceKey: String, CodingKey { case path, sha256, size }

    struct NameKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// The slices, or why the module is rejected: each slice is named by one of the module's `localizations` other
    /// than `Base` (which slices must exist is checked against the development region, see `Manifest.accepted`).
    static func decode<K: CodingKey>(
        from container: KeyedDecodingContainer<K>, forKey key: K, localizations: [String]
    ) -> Result<ManifestSlices, SliceRejection> {
        guard let slices = try? container.nestedContainer(keyedBy: Key.self, forKey: key) else {
            return .failure(SliceRejection("module 'slices' is not a JSON object"))
        }
        guard let baseContainer = try? slices.nestedContainer(keyedBy: SliceKey.self, forKey: .base) else {
            return .failure(SliceRejection("module 'slices' has no 'base' object"))
        }
        guard let base = slice(baseContainer) else {
            return .failure(SliceRejection("module 'slices.base' needs a plain file name 'path', 64 lowercase hex digits 'sha256' and a non-negative 'size'"))
        }
        guard let named = try? slices.nestedContainer(keyedBy: NameKey.self, forKey: .localizations) else {
            return .failure(SliceRejection("module 'slices' has no 'localizations' object"))
        }
        var byName: [String: PublishedFile] = [:]
        for nameKey in named.allKeys {
            let name = nameKey.stringValue
            guard name != LocalizationFolder.base else {
                return .failure(SliceRejection("module 'slices.localizations' has \(LocalizationFolder.base.debugDescription), which belongs in the base slice"))
            }
            guard ManifestModule.isPlainFileName(name), localizations.contains(name) else {
                return .failure(SliceRejection("module 'slices.localizations' has \(name.debugDescription), which is not one of the module's localizations"))
            }
            guard let sliceContainer = try? named.nestedContainer(keyedBy: SliceKey.self, forKey: nameKey),
                  let value = slice(sliceContainer)
            else {
                return .failure(SliceRejection("module slice \(name.debugDescription) needs a plain file name 'path', 64 lowercase hex digits 'sha256' and a non-negative 'size'"))
            }
            byName[name] = value
        }
        return .success(ManifestSlices(base: base, localizations: byName))
    }

    private static func slice(_ container: KeyedDecodingContainer<SliceKey>) -> PublishedFile? {
        guard let path = try? container.decode(String.self, forKey: .path), ManifestModule.isPlainFileName(path),
              let sha = try? container.decode(String.self, forKey: .sha256), ManifestModule.isSHA256Hex(sha),
              let size = try? container.decode(Int64.self, forKey: .size), size >= 0
        else { return nil }
        return PublishedFile(path: path, sha256: sha, size: size)
    }
}
