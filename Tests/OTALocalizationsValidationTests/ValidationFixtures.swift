import OTALocalizationsCore
@testable import OTALocalizationsValidation

/// Small tables built in tests.
enum ValidationFixtures {
    /// A `.strings` file whose entries sit on lines 1, 2, 3, … in order.
    static func strings(_ relativePath: String, _ pairs: [(String, String)], module: String = "App") -> ValidationInput.File {
        let entries = pairs.enumerated().map { StringsTable.Entry(key: $0.element.0, value: $0.element.1, line: $0.offset + 1) }
        return ValidationInput.File(
            path: "\(module)/\(relativePath)", relativePath: relativePath,
            content: .strings(StringsTable(format: .text, entries: entries)))
    }

    /// A `.stringsdict` file whose keys are on lines 10, 20, 30, … in sorted key order.
    static func stringsDict(_ relativePath: String, _ entries: [String: PropertyListValue], module: String = "App") -> ValidationInput.File {
        var lines: [String: Int] = [:]
        for (offset, key) in entries.keys.sorted().enumerated() { lines[key] = (offset + 1) * 10 }
        return ValidationInput.File(
            path: "\(module)/\(relativePath)", relativePath: relativePath,
            content: .stringsDict(StringsDictTable(format: .xmlPropertyList, entries: entries, keyLines: lines)))
    }

    /// A plural entry `{NSStringLocalizedFormatKey: format, name: {spec, value type, forms}}`.
    static func plural(_ format: String = "%#@count@", variable: String = "count", valueType: String? = "d",
                       specType: String? = "NSStringPluralRuleType", forms: [String: String]) -> PropertyListValue {
        var rule: [String: PropertyListValue] = [:]
        if let specType { rule["NSStringFormatSpecTypeKey"] = .string(specType) }
        if let valueType { rule["NSStringFormatValueTypeKey"] = .string(valueType) }
        for (category, form) in forms { rule[category] = .string(form) }
        return .dictionary(["NSStringLocalizedFormatKey": .string(format), variable: .dictionary(rule)])
    }

    static func module(_ files: [ValidationInput.File], folders: [String] = []) -> ValidationInput {
        ValidationInput(module: "App", developmentRegion: "en", files: files, folders: folders, rootPath: "App")
    }

    static func validate(_ files: [ValidationInput.File], folders: [String] = [], baseline: [ValidationInput.File]? = nil) -> [ValidationDiagnostic] {
        ModuleValidator().validate(module(files, folders: folders), baseline: baseline.map { module($0) })
    }
}
