import Foundation
import OTALocalizationsCore
import OTALocalizationsNames

extension IndexBasePart {
    /// The part's JSON (before gzip): `{"formatVersion": 2, "part": "base", "modules": [...]}`, one module per line,
    /// modules in the order given, ending with a newline. Deterministic; ``rejectedModules`` is never written.
    public func encoded() -> Data {
        let lines = modules.map { entry -> String in
            var line = "{\"name\": \(JSONText.quoted(entry.name)), \"localizations\": ["
            line += entry.localizations.map(JSONText.quoted).joined(separator: ", ") + "]"
            if let base = entry.base { line += ", \"base\": " + IndexJSON.file(base) }
            if let full = entry.full { line += ", \"full\": " + IndexJSON.file(full) }
            return line + "}"
        }
        return IndexJSON.document(header: "\"part\": \"base\"", modules: lines)
    }
}

extension IndexFilesPart {
    /// The part's JSON (before gzip): `{"formatVersion": 2, "part": "full", "modules": [...]}`, or `"part":
    /// "localization", "localization": "<name>"`; one `{"name", "path", "sha256", "size"}` per line, in byte order of
    /// the module names, ending with a newline. Deterministic; ``rejectedModules`` is never written.
    public func encoded() -> Data {
        let header: String
        switch kind {
        case .full: header = "\"part\": \"full\""
        case .localization(let name): header = "\"part\": \"localization\", \"localization\": \(JSONText.quoted(name))"
        }
        let lines = UTF8ByteOrder.sorted(Array(files.keys)).map { name -> String in
            let file = files[name]!
            return "{\"name\": \(JSONText.quoted(name)), \"path\": \(JSONText.quoted(file.path)), "
                + "\"sha256\": \(JSONText.quoted(file.sha256)), \"size\": \(file.size)}"
        }
        return IndexJSON.document(header: header, modules: lines)
    }
}

/// The JSON text shared by the index's files.
enum IndexJSON {
    /// `{"path": …, "sha256": …, "size": …}`.
    static func file(_ file: PublishedFile) -> String {
        "{\"path\": \(JSONText.quoted(file.path)), \"sha256\": \(JSONText.quoted(file.sha256)), \"size\": \(file.size)}"
    }

    /// `{"path": …, "sha256": …, "size": …}` of a part.
    static func part(_ part: PublishedFile) -> String {
        "{\"path\": \(JSONText.quoted(part.path)), \"sha256\": \(JSONText.quoted(part.sha256)), \"size\": \(part.size)}"
    }

    /// A part document: the format version, `header`'s members, then `"modules"` with one entry per line.
    static func document(header: String, modules: [String]) -> Data {
        var out = "{\"formatVersion\": \(ManifestIndex.formatVersion), \(header), \"modules\": ["
        out += modules.isEmpty ? "]}\n" : "\n" + modules.joined(separator: ",\n") + "\n]}\n"
        return Data(out.utf8)
    }
}
