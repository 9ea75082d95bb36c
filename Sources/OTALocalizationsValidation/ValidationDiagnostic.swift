/// One finding of validation: what is wrong with a table, where, and what to do.
///
/// Validation returns diagnostics and never throws. Compare findings by ``code``; ``message`` is for
/// people and may change wording between releases. Every code is listed in `docs/validation.md`.
public struct ValidationDiagnostic: Sendable, Equatable, Hashable, Codable {
    /// How bad a finding is: errors block `package`; warnings do not, unless `--strict`; notes never do.
    public enum Severity: String, Sendable, Equatable, Hashable, Codable {
        case error
        case warning
        /// Worth knowing, never blocking, also under `--strict` (for example a CLDR category that only numbers of a
        /// million and more select, in an app that does not say it formats such numbers).
        case note

        /// 0 for errors, 1 for warnings, 2 for notes: the order reports list them in.
        public var rank: Int {
            switch self {
            case .error: return 0
            case .warning: return 1
            case .note: return 2
            }
        }
    }

    public var severity: Severity
    public var code: Code
    /// The module (bundle) the table belongs to.
    public var module: String
    /// The table name (file name without extension), or nil for a finding about a folder.
    public var table: String?
    /// The `.lproj` name without extension (`fr`, `pt-BR`, `Base`), or nil outside any `.lproj`.
    public var localization: String?
    /// The key concerned, when there is one.
    public var key: String?
    /// Where inside a `.stringsdict` entry the finding is, `/`-separated: a rule (`COUNT`), a form (`COUNT/one`),
    /// the format key (`NSStringLocalizedFormatKey`), or the same inside a width or device variant
    /// (`NSStringDeviceSpecificRuleType/mac/COUNT/one`); nil for a whole entry and outside `.stringsdict` files.
    /// Part of a finding's identity in a validation baseline.
    public var keyPath: String?
    /// The file or folder concerned, as given in the input (the CLI passes paths relative to the repository root).
    public var file: String
    /// 1-based line, or nil when unknown (binary property lists, folder findings).
    public var line: Int?
    /// 1-based column, or nil when unknown.
    public var column: Int?
    /// What is wrong and what to do, in one or two sentences.
    public var message: String
    /// The offending value (a translation, a duplicate's value), recorded in baseline files; nil when
    /// the finding has no value.
    public var value: String?
    /// True when a validation baseline recorded this finding and downgraded it to a warning.
    public var baselined: Bool
    /// The end of ``message`` that explains the rule rather than this finding (the same text for many findings
    /// of one code), or nil. Text output prints it with the first such finding only; JSON and GitHub annotations
    /// keep the whole ``message``. Not encoded.
    public var explanation: String?

    public init(
        severity: Severity? = nil, code: Code, module: String, table: String?, localization: String?,
        key: String? = nil, keyPath: String? = nil, file: String, line: Int? = nil, column: Int? = nil,
        message: String, value: String? = nil, baselined: Bool = false
    ) {
        self.severity = severity ?? code.severity()
        self.code = code
        self.module = module
        self.table = table
        self.localization = localization
        self.key = key
        self.keyPath = keyPath
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.value = value
        self.baselined = baselined
    }

    private enum CodingKeys: String, CodingKey {
        case severity, code, module, localization, table, key, keyPath, file, line, column, message, value, baselined
    }

    /// Encodes every field, absent ones as JSON `null` (the shape `docs/validation.md` documents).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(severity, forKey: .severity)
        try container.encode(code, forKey: .code)
        try container.encode(module, forKey: .module)
        try container.encode(localization, forKey: .localization)
        try container.encode(table, forKey: .table)
        try container.encode(key, forKey: .key)
        try container.encode(keyPath, forKey: .keyPath)
        try container.encode(file, forKey: .file)
        try container.encode(line, forKey: .line)
        try container.encode(column, forKey: .column)
        try container.encode(message, forKey: .message)
        try container.encode(value, forKey: .value)
        try container.encode(baselined, forKey: .baselined)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            severity: try container.decode(Severity.self, forKey: .severity),
            code: try container.decode(Code.self, forKey: .code),
            module: try container.decode(String.self, forKey: .module),
            table: try container.decodeIfPresent(String.self, forKey: .table),
            localization: try container.decodeIfPresent(String.self, forKey: .localization),
            key: try container.decodeIfPresent(String.self, forKey: .key),
            keyPath: try container.decodeIfPresent(String.self, forKey: .keyPath),
            file: try container.decode(String.self, forKey: .file),
            line: try container.decodeIfPresent(Int.self, forKey: .line),
            column: try container.decodeIfPresent(Int.self, forKey: .column),
            message: try container.decode(String.self, forKey: .message),
            value: try container.decodeIfPresent(String.self, forKey: .value),
            baselined: try container.decodeIfPresent(Bool.self, forKey: .baselined) ?? false)
    }

    /// Appends `explanation` to ``message`` and records it as ``explanation``.
    public mutating func explain(_ explanation: String) {
        message += (message.isEmpty ? "" : " ") + explanation
        self.explanation = explanation
    }

    /// Adds `text` to the specific part of ``message``, before its ``explanation``.
    public mutating func amendMessage(_ text: String) {
        let explanation = self.explanation
        message = messageWithoutExplanation + text
        self.explanation = nil
        if let explanation { explain(explanation) }
    }

    /// ``message`` without ``explanation``.
    public var messageWithoutExplanation: String {
        guard let explanation, message.hasSuffix(explanation) else { return message }
        var shortened = String(message.dropLast(explanation.count))
        while shortened.last == " " { shortened.removeLast() }
        return shortened
    }

    /// `file:line:column: severity: message [code]`, the form compilers use, so editors can jump to it.
    public var formatted: String {
        var location = file
        if let line {
            location += ":\(line)"
            if let column { location += ":\(column)" }
        }
        return "\(location): \(severity.rawValue): \(message) [\(code.rawValue)]"
    }
}
