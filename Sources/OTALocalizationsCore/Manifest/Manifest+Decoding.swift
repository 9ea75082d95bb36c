import Foundation

extension Manifest {
    /// Decodes `manifest.json` tolerantly: unknown fields are ignored; malformed module entries are moved to
    /// ``rejectedModules`` with the reason.
    ///
    /// - Throws: ``ManifestError`` with `notJSON`, `missingField`, `unsupportedVersion` or `badDate` when the
    ///   manifest as a whole cannot be used.
    public init(bytes: Data) throws {
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
        guard let publishedAt = ManifestDate.parse(wire.publishedAt) else {
            throw ManifestError(code: .badDate, reason: "manifest 'publishedAt' is not an ISO 8601 date-time: \(wire.publishedAt)")
        }
        var modules: [ManifestModule] = []
        var rejected: [RejectedModule] = []
        for entry in wire.modules {
            switch entry.result {
            case .success(let module): modules.append(module)
            case .failure(let rejection): rejected.append(rejection)
            }
        }
        self.init(
            formatVersion: wire.formatVersion, appVersion: wire.appVersion, publishedAt: publishedAt,
            developmentRegion: wire.developmentRegion, modules: modules, rejectedModules: rejected
        )
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
