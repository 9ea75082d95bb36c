/// A usage error: the command line itself is wrong (exit status 2).
struct UsageError: Error {
    var message: String
}

/// A small command-line reader: `--name value` options, `--flag` switches and positional arguments.
///
/// Options may also be written `--name=value`. Unknown options and missing values are usage errors. A repeatable
/// option keeps every value given (``values(_:)``); any other keeps the last.
struct ArgumentList {
    private(set) var positionals: [String] = []
    private var options: [String: String] = [:]
    private var repeated: [String: [String]] = [:]
    private var flags: Set<String> = []

    /// - Parameters:
    ///   - arguments: the words after the subcommand.
    ///   - valueOptions: option names that take a value (without `--`).
    ///   - flagOptions: option names that take no value (without `--`).
    ///   - repeatableOptions: value options that may be given more than once.
    init(_ arguments: [String], valueOptions: Set<String>, flagOptions: Set<String>, repeatableOptions: Set<String> = []) throws {
        let valueOptions = valueOptions.union(repeatableOptions)
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if onlyPositionals || !word.hasPrefix("-") || word == "-" {
                positionals.append(word)
                continue
            }
            if word == "--" {
                onlyPositionals = true
                continue
            }
            guard word.hasPrefix("--") else {
                throw UsageError(message: "unknown option '\(word)'" + Self.suggestion(for: String(word.drop(while: { $0 == "-" })), among: valueOptions.union(flagOptions)))
            }
            var name = String(word.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if flagOptions.contains(name) {
                guard inlineValue == nil else { throw UsageError(message: "--\(name) takes no value") }
                flags.insert(name)
            } else if valueOptions.contains(name) {
                if let inlineValue {
                    options[name] = inlineValue
                } else {
                    guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                        throw UsageError(message: "--\(name) needs a value")
                    }
                    options[name] = arguments[index]
                    index += 1
                }
                if repeatableOptions.contains(name), let value = options[name] { repeated[name, default: []].append(value) }
            } else {
                throw UsageError(message: "unknown option '--\(name)'" + Self.suggestion(for: name, among: valueOptions.union(flagOptions)))
            }
        }
    }

    /// `"; did you mean '--strict'?"` for the known option closest to `name` by ``Suggestion/closest(to:among:)``
    /// (`--help` included), or "" when none is close.
    static func suggestion(for name: String, among known: Set<String>) -> String {
        Suggestion.closest(to: name, among: Array(known.union(["help"]))).map { "; did you mean '--\($0)'?" } ?? ""
    }

    func value(_ name: String) -> String? { options[name] }

    /// Every value of a repeatable option, in the order given.
    func values(_ name: String) -> [String] { repeated[name] ?? [] }

    func required(_ name: String) throws -> String {
        guard let value = options[name], !value.isEmpty else { throw UsageError(message: "missing --\(name) <value>") }
        return value
    }

    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The single positional argument, named `name` in the error when absent or repeated.
    func onePositional(_ name: String) throws -> String {
        guard positionals.count == 1 else {
            throw UsageError(message: positionals.isEmpty ? "missing <\(name)>" : "expected one <\(name)>, got \(positionals.count)")
        }
        return positionals[0]
    }
}
