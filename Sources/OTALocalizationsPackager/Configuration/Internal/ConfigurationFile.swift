import Foundation
import OTALocalizationsCore
import OTALocalizationsPublishing
import OTALocalizationsNames

/// An `ota-localizations.json` parsed once, strictly (``JSONDocument``): its top-level fields, each read into its
/// type by one function, and errors that name the file, line and column of the field at fault (docs/configuration.md).
struct ConfigurationFile {
    /// Every field a configuration may have.
    static let fields: Set<String> = [
        "developmentRegion", "modules", "discoverOtherModules", "excludes", "pluralCountsOfMillions", "repositoryModule",
    ]

    private let document: JSONDocument
    private let path: String
    /// The top-level members by key; a key written twice has its last value.
    private let members: [String: OrderedJSONValue]

    /// Parses `bytes`, the file at `path` (as messages show it).
    ///
    /// - Throws: ``PackagerError`` `configuration`: not JSON, a top level that is not an object, an unknown field.
    init(bytes: Data, path: String) throws(PackagerError) {
        self.path = path
        do {
            document = try JSONDocument(bytes: bytes)
        } catch {
            throw PackagerError(
                code: .configuration,
                reason: "\(path):\(error.line):\(error.column): not valid JSON (\(error.reason)); fix it there (docs/configuration.md)")
        }
        guard let members = document.root.members else {
            let start = document.position(of: [])
            throw PackagerError(
                code: .configuration,
                reason: "\(path):\(start.line):\(start.column): the top level must be a JSON object (docs/configuration.md)")
        }
        self.members = Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
        if let unknown = self.members.keys.sorted().first(where: { !Self.fields.contains($0) }) {
            let place = document.position(ofKey: unknown)
            throw PackagerError(
                code: .configuration,
                reason: "\(path):\(place.line):\(place.column): unknown field '\(unknown)'; expected one of \(Self.fields.sorted().joined(separator: ", "))"
            )
        }
    }

    /// The value of `field`, nil when the file does not set it.
    subscript(field: String) -> OrderedJSONValue? {
        members[field]
    }

    /// `developmentRegion`: a language identifier (``LanguageIdentifier``).
    func developmentRegion(_ value: OrderedJSONValue) throws(PackagerError) -> String {
        try string(
            "developmentRegion", value, where: LanguageIdentifier.isValid,
            else: "'developmentRegion' must be a language identifier such as \"en\" or \"pt-BR\" (letters, digits, '-' and '_'): "
                + "the name of the module's source-language .lproj folder")
    }

    /// `modules`: each module name, a plain file name, to a folder or a non-empty array of folders.
    func modules(_ value: OrderedJSONValue) throws(PackagerError) -> [String: [String]] {
        guard let entries = value.members else {
            throw error("modules", "'modules' must map module names to arrays of folders")
        }
        var modules: [String: [String]] = [:]
        for (name, folders) in Self.lastValues(entries) {
            guard ManifestModule.isPlainFileName(name) else {
                throw error("modules", "module name '\(name)' is not a plain file name (no '/', '\\', NUL, '.' or '..')")
            }
            guard let list = folders.stringArrayValue ?? folders.stringValue.map({ [$0] }) else {
                throw error("modules", "module '\(name)' must list its folders as an array of strings")
            }
            guard !list.isEmpty else { throw error("modules", "module '\(name)' lists no folder; give at least one") }
            modules[name] = list
        }
        return modules
    }

    /// A field that is `true` or `false`.
    ///
    /// A number whose value is exactly 0 or 1 (`1`, `0.0`) reads as false or true too: the file was once read with
    /// Foundation's `JSONSerialization`, whose numbers convert to `Bool` so, and configurations written then keep
    /// their meaning.
    func flag(_ field: String, _ value: OrderedJSONValue) throws(PackagerError) -> Bool {
        switch value {
        case .bool(let flag): return flag
        case .number(let text) where Double(text) == 0 || Double(text) == 1: return Double(text) == 1
        default: throw error(field, "'\(field)' must be true or false")
        }
    }

    /// `repositoryModule`: a module name, a plain file name.
    func repositoryModule(_ value: OrderedJSONValue) throws(PackagerError) -> String {
        try string(
            "repositoryModule", value, where: ManifestModule.isPlainFileName,
            else: "'repositoryModule' must be a module name, a plain file name (no '/', '\\', NUL, '.' or '..'): the name the "
                + "app passes to OTALocalizedString.bundle(for:)")
    }

    /// `excludes`: an array of glob patterns.
    func excludes(_ value: OrderedJSONValue) throws(PackagerError) -> [String] {
        guard let patterns = value.stringArrayValue else {
            throw error("excludes", "'excludes' must be an array of glob strings")
        }
        return patterns
    }

    /// The string `value` of `field` when `isValid` accepts it; else the error `message`.
    private func string(
        _ field: String, _ value: OrderedJSONValue, where isValid: (String) -> Bool, else message: String
    ) throws(PackagerError) -> String {
        guard let text = value.stringValue, isValid(text) else { throw error(field, message) }
        return text
    }

    /// A `configuration` error at the value of the top-level `field`: `path:line:column: text`.
    private func error(_ field: String, _ text: String) -> PackagerError {
        let place = document.position(of: [.key(field)])
        return PackagerError(code: .configuration, reason: "\(path):\(place.line):\(place.column): \(text)")
    }

    /// Each key of `members` with the value written last for it, in the order the keys are first written.
    private static func lastValues(_ members: [OrderedJSONMember]) -> [(key: String, value: OrderedJSONValue)] {
        var values: [String: OrderedJSONValue] = [:]
        var keys: [String] = []
        for member in members {
            if values.updateValue(member.value, forKey: member.key) == nil { keys.append(member.key) }
        }
        return keys.map { ($0, values[$0]!) }
    }
}
