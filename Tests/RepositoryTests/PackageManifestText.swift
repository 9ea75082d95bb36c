import Foundation

/// The target graph written in `Package.swift`, read from its text (running `swift package dump-package` inside
/// `swift test` would wait for the build folder's lock).
///
/// Understands the shapes the manifest uses: `.target`, `.executableTarget`, `.testTarget` and `.systemLibrary`
/// calls in the `targets:` array of `Package(...)`, each with a `name:` string and an optional `dependencies:` array
/// whose elements are a string (`"OTALocalizationsCore"`) or a call with a `name:` string
/// (`.target(name:condition:)`, `.product(name:package:)`, `.byName(name:)`), optionally with
/// `condition: .when(platforms: [.linux, ...])`; and a target's `path:` string and `resources:` rules
/// (`.copy("PrivacyInfo.xcprivacy")`, `.process("Resources")`).
struct PackageManifestText {
    /// One dependency arrow: the target depended on and, when conditional, its platforms in the manifest's order.
    struct Dependency: Hashable, CustomStringConvertible {
        var name: String
        var platforms: [String]

        var description: String { platforms.isEmpty ? name : "\(name) [\(platforms.joined(separator: ", "))]" }
    }

    /// One `resources:` rule: `.copy("PrivacyInfo.xcprivacy")` is the rule `copy` on the path `PrivacyInfo.xcprivacy`.
    struct Resource: Hashable, CustomStringConvertible {
        var rule: String
        var path: String

        var description: String { ".\(rule)(\"\(path)\")" }
    }

    /// Target name → its dependencies, in the order `Package.swift` lists them.
    private(set) var dependencies: [(target: String, dependencies: [Dependency])] = []
    /// Target name → its `path:` argument, for the targets that have one.
    private(set) var paths: [String: String] = [:]
    /// Target name → its `resources:` rules in the manifest's order, for the targets that have them.
    private(set) var resources: [String: [Resource]] = [:]
    /// The `.executableTarget` targets.
    private(set) var executables: Set<String> = []
    /// The targets whose sources are C: `.systemLibrary` targets, and `.target`s named `C…` by this package's rule.
    private(set) var cTargets: Set<String> = []

    enum ParseError: Error, CustomStringConvertible {
        case missing(String)

        var description: String {
            switch self {
            case .missing(let what): return "Package.swift: \(what) not found"
            }
        }
    }

    init(text: String) throws {
        let code = Self.strippingComments(text)
        guard let packageCall = code.range(of: "Package(") else { throw ParseError.missing("Package(") }
        let arguments = try Self.enclosed(in: code[packageCall.lowerBound...], open: "(", close: ")")
        guard let targets = Self.labeledArguments(arguments)["targets"] else { throw ParseError.missing("targets:") }
        for element in Self.splitTopLevel(try Self.enclosed(in: targets, open: "[", close: "]")) {
            guard let open = element.firstIndex(of: "(") else { continue }
            let labels = Self.labeledArguments(try Self.enclosed(in: element[open...], open: "(", close: ")"))
            guard let name = labels["name"].flatMap(Self.stringLiteral) else { throw ParseError.missing("name of \(element)") }
            var arrows: [Dependency] = []
            if let list = labels["dependencies"] {
                for item in Self.splitTopLevel(try Self.enclosed(in: list, open: "[", close: "]")) {
                    arrows.append(try Self.dependency(item))
                }
            }
            dependencies.append((name, arrows))
            let kind = element.trimmingCharacters(in: .whitespacesAndNewlines).prefix { $0 != "(" }
            if kind == ".executableTarget" { executables.insert(name) }
            if kind == ".systemLibrary" || (kind == ".target" && name.hasPrefix("C") && name.dropFirst().first?.isUppercase == true) {
                cTargets.insert(name)
            }
            if let path = labels["path"].flatMap(Self.stringLiteral) { paths[name] = path }
            if let list = labels["resources"] {
                resources[name] = try Self.splitTopLevel(try Self.enclosed(in: list, open: "[", close: "]")).map(Self.resource)
            }
        }
    }

    private static func resource(_ item: Substring) throws -> Resource {
        let item = item.trimmingCharacters(in: .whitespacesAndNewlines)[...]
        guard item.hasPrefix("."), let open = item.firstIndex(of: "("), let path = stringLiteral(item[open...]) else {
            throw ParseError.missing("a resource rule in \(item)")
        }
        return Resource(rule: String(item[item.index(after: item.startIndex)..<open]), path: path)
    }

    private static func dependency(_ item: Substring) throws -> Dependency {
        let item = item.trimmingCharacters(in: .whitespacesAndNewlines)[...]
        if item.hasPrefix("\""), let name = stringLiteral(item) { return Dependency(name: name, platforms: []) }
        guard let open = item.firstIndex(of: "(") else { throw ParseError.missing("a dependency name in \(item)") }
        let labels = labeledArguments(try enclosed(in: item[open...], open: "(", close: ")"))
        guard let name = labels["name"].flatMap(stringLiteral) else { throw ParseError.missing("name: in \(item)") }
        var platforms: [String] = []
        if let condition = labels["condition"], let list = condition.range(of: "platforms:") {
            platforms = splitTopLevel(try enclosed(in: condition[list.upperBound...], open: "[", close: "]"))
                .map { $0.trimmingCharacters(in: .whitespacesAndNewlines).trimmingCharacters(in: CharacterSet(charactersIn: ".")) }
        }
        return Dependency(name: name, platforms: platforms)
    }

    // MARK: Text helpers

    /// `text` without `//` line comments and `/* */` block comments (string literals kept).
    static func strippingComments(_ text: String) -> String {
        var out = ""
        var index = text.startIndex
        var inString = false
        while index < text.endIndex {
            let character = text[index]
            let rest = text[index...]
            if inString {
                out.append(character)
                if character == "\\", text.index(after: index) < text.endIndex {
                    index = text.index(after: index)
                    out.append(text[index])
                } else if character == "\"" {
                    inString = false
                }
            } else if rest.hasPrefix("//") {
                while index < text.endIndex, text[index] != "\n" { index = text.index(after: index) }
                continue
            } else if rest.hasPrefix("/*") {
                index = rest.range(of: "*/").map(\.upperBound) ?? text.endIndex
                continue
            } else {
                if character == "\"" { inString = true }
                out.append(character)
            }
            index = text.index(after: index)
        }
        return out
    }

    /// The text between the first `open` of `text` and its matching `close`.
    static func enclosed(in text: Substring, open: Character, close: Character) throws -> Substring {
        guard let start = text.firstIndex(of: open) else { throw ParseError.missing("'\(open)'") }
        var depth = 0
        var inString = false
        var index = start
        while index < text.endIndex {
            let character = text[index]
            if inString {
                if character == "\"" { inString = false }
            } else if character == "\"" {
                inString = true
            } else if character == open {
                depth += 1
            } else if character == close {
                depth -= 1
                if depth == 0 { return text[text.index(after: start)..<index] }
            }
            index = text.index(after: index)
        }
        throw ParseError.missing("'\(close)' closing '\(open)'")
    }

    /// `text` split at the commas that are outside brackets and string literals; empty parts dropped.
    static func splitTopLevel(_ text: Substring) -> [Substring] {
        var parts: [Substring] = []
        var depth = 0
        var inString = false
        var start = text.startIndex
        for index in text.indices {
            let character = text[index]
            if inString {
                if character == "\"" { inString = false }
                continue
            }
            switch character {
            case "\"": inString = true
            case "(", "[", "{": depth += 1
            case ")", "]", "}": depth -= 1
            case "," where depth == 0:
                parts.append(text[start..<index])
                start = text.index(after: index)
            default: break
            }
        }
        parts.append(text[start...])
        return parts.filter { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
    }

    /// The `label: value` arguments of an argument list (unlabeled ones are left out).
    static func labeledArguments(_ text: Substring) -> [String: Substring] {
        var result: [String: Substring] = [:]
        for argument in splitTopLevel(text) {
            guard let colon = argument.firstIndex(of: ":") else { continue }
            let label = argument[..<colon].trimmingCharacters(in: .whitespacesAndNewlines)
            guard !label.isEmpty, label.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { continue }
            result[label] = argument[argument.index(after: colon)...]
        }
        return result
    }

    /// The contents of the first string literal in `text` (no escapes are expected in target names).
    static func stringLiteral(_ text: Substring) -> String? {
        guard let open = text.firstIndex(of: "\"") else { return nil }
        let rest = text[text.index(after: open)...]
        guard let close = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<close])
    }
}
