import Foundation
import OTALocalizationsNames

extension IndexBasePart {
    /// Decodes a base part's JSON (already inflated) tolerantly: a malformed entry is set aside in
    /// ``rejectedModules``; names that collide ignoring case and Unicode normalization are all set aside, as in a
    /// manifest (``Manifest/collisionKey(_:)``).
    ///
    /// - Throws: ``ManifestError`` `notJSON`, `duplicateKey`, `unsupportedVersion`, or `missingField` when the
    ///   document is not a base part with a `modules` array.
    public init(bytes: Data) throws(ManifestError) {
        let root = try IndexDecoding.document(bytes, what: "index base part")
        try IndexDecoding.checkHeader(root, part: "base")
        guard let entries = root["modules"]?.arrayValue else {
            throw ManifestError(code: .missingField, reason: "index base part has no 'modules' array")
        }
        var modules: [Entry] = []
        var rejected: [RejectedModule] = []
        for value in entries {
            let name = value["name"]?.stringValue
            guard let name, PlainFileName.isValid(name) else {
                rejected.append(RejectedModule(name: name, reason: name == nil ? "module entry has no string 'name'" : "module name is not a plain file name"))
                continue
            }
            guard let localizations = value["localizations"]?.stringArrayValue else {
                rejected.append(RejectedModule(name: name, reason: "module has no 'localizations' array of strings"))
                continue
            }
            let base = value["base"].map(IndexDecoding.file)
            let full = value["full"].map(IndexDecoding.file)
            guard base == nil || base! != nil, full == nil || full! != nil, (base == nil) != (full == nil) else {
                rejected.append(RejectedModule(name: name, reason: "module needs exactly one of 'base' (its base slice) and 'full' (its ZIP), each a plain file name 'path', 64 lowercase hex digits 'sha256' and a non-negative 'size'"))
                continue
            }
            modules.append(Entry(name: name, localizations: localizations, base: base ?? nil, full: full ?? nil))
        }
        let colliding = Manifest.collidingNames(modules.map(\.name))
        for module in modules {
            if let other = colliding[Array(module.name.utf8)] {
                rejected.append(RejectedModule(name: module.name, reason: "module name collides with \"\(other)\" when case and Unicode normalization are ignored (as Apple file systems do by default)"))
            }
        }
        modules.removeAll { colliding[Array($0.name.utf8)] != nil }
        self.init(modules: modules, rejectedModules: rejected)
    }
}

extension IndexFilesPart {
    /// Decodes the full part or a localization part's JSON (already inflated) tolerantly: a malformed entry, or a
    /// name listed twice, is set aside in ``rejectedModules``.
    ///
    /// - Parameter kind: what the root says the part is; a part that says otherwise is refused.
    /// - Throws: ``ManifestError`` `notJSON`, `duplicateKey`, `unsupportedVersion`, or `missingField` when the
    ///   document is not that part with a `modules` array.
    public init(bytes: Data, kind: Kind) throws(ManifestError) {
        let root = try IndexDecoding.document(bytes, what: "index part")
        switch kind {
        case .full:
            try IndexDecoding.checkHeader(root, part: "full")
        case .localization(let name):
            try IndexDecoding.checkHeader(root, part: "localization")
            guard root["localization"]?.stringValue == name else {
                throw ManifestError(code: .missingField, reason: "index part for \(name) says it is for \(root["localization"]?.stringValue ?? "no localization")")
            }
        }
        guard let entries = root["modules"]?.arrayValue else {
            throw ManifestError(code: .missingField, reason: "index part has no 'modules' array")
        }
        var files: [String: PublishedFile] = [:]
        var rejected: [RejectedModule] = []
        var repeated: Set<String> = []
        for value in entries {
            guard let name = value["name"]?.stringValue, PlainFileName.isValid(name) else {
                rejected.append(RejectedModule(name: value["name"]?.stringValue, reason: "part entry has no plain file name 'name'"))
                continue
            }
            guard let file = IndexDecoding.file(value) else {
                rejected.append(RejectedModule(name: name, reason: "part entry needs a plain file name 'path', 64 lowercase hex digits 'sha256' and a non-negative 'size'"))
                continue
            }
            if files.updateValue(file, forKey: name) != nil { repeated.insert(name) }
        }
        for name in UTF8ByteOrder.sorted(Array(repeated)) {
            files[name] = nil
            rejected.append(RejectedModule(name: name, reason: "module listed twice in one index part"))
        }
        self.init(kind: kind, files: files, rejectedModules: rejected)
    }
}

extension IndexDecoding {
    /// Checks `formatVersion` 2 and `"part": <part>`.
    static func checkHeader(_ root: OrderedJSONValue, part: String) throws(ManifestError) {
        guard root["formatVersion"]?.integerValue == Int64(ManifestIndex.formatVersion) else {
            throw ManifestError(code: .unsupportedVersion, reason: "index part formatVersion is not \(ManifestIndex.formatVersion)")
        }
        guard root["part"]?.stringValue == part else {
            throw ManifestError(code: .missingField, reason: "index part is not a '\(part)' part")
        }
    }
}
