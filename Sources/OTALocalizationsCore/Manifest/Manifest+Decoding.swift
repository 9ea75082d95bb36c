import Foundation

extension Manifest {
    /// Decodes `manifest.json` tolerantly: unknown fields are ignored; malformed module entries are moved to
    /// ``rejectedModules`` with the reason.
    ///
    /// Module names that differ as bytes but are equal once case and Unicode normalization are ignored (the
    /// defaults of Apple's file systems, APFS and HFS+) are all set aside: which one a case-insensitive volume would
    /// keep is not defined. Exact duplicates are left for the client to handle.
    ///
    /// - Throws: ``ManifestError`` with `notJSON`, `missingField`, `unsupportedVersion`, `badDate` (see
    ///   ``ManifestDate`` for the accepted date-times) or `badDevelopmentRegion` when the manifest as a whole
    ///   cannot be used.
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
        guard Self.isLanguageIdentifier(wire.developmentRegion) else {
            throw ManifestError(
                code: .badDevelopmentRegion,
                reason: "manifest 'developmentRegion' is not a language identifier (1 to 64 ASCII letters, digits, '-' or '_'): \(wire.developmentRegion)")
        }
        var modules: [ManifestModule] = []
        var rejected: [RejectedModule] = []
        for entry in wire.modules {
            switch entry.result {
            case .success(let module): modules.append(module)
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
        self.init(
            formatVersion: wire.formatVersion, appVersion: wire.appVersion, publishedAtTimestamp: publishedAt,
            developmentRegion: wire.developmentRegion, modules: modules, rejectedModules: rejected
        )
    }

    /// The key under which two module names collide on a case-insensitive, normalization-insensitive volume:
    /// canonical composition (NFC), then Unicode upper- and lower-case mapping (which folds `ß` with `SS`).
    public static func collisionKey(_ name: String) -> String {
        name.precomposedStringWithCanonicalMapping.uppercased().lowercased().precomposedStringWithCanonicalMapping
    }

    /// For each spelling (UTF-8 bytes) that shares its ``collisionKey(_:)`` with another spelling: that other one.
    private static func collidingNames(_ names: [String]) -> [[UInt8]: String] {
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

    /// Whether `text` can be a `CFBundleDevelopmentRegion`: 1 to 64 ASCII letters, digits, `-` or `_` (BCP 47 tags
    /// such as `en`, `pt-BR`, `zh-Hans`, and the legacy names such as `English`).
    public static func isLanguageIdentifier(_ text: String) -> Bool {
        let bytes = text.utf8
        guard (1...64).contains(bytes.count) else { return false }
        return bytes.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }
    }
}

/// The manifest as JSON carries it; unknown keys are ignored by `JSONDecoder`.
private struct WireManifest: Decodable {
    var formatVersion: Int
    var appVersion: String
    var publishedAt: String
    var developmentRegion: String
    var modules: [LossyModule]
}

/// One module entry that never fails to decode: a malformed entry becomes a ``RejectedModule``.
private struct LossyModule: Decodable {
    var result: Result<ManifestModule, RejectedModule>

    private enum Key: String, CodingKey { case name, path, sha256, size, localizations }

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
            return .success(ManifestModule(name: name, path: path, sha256: sha, size: size, localizations: localizations))
        }()
    }
}
