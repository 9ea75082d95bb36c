/// A usage error: the command line itself is wrong (exit status 2).
struct UsageError: Error {
    var message: String
}

/// A small command-line reader: `--name value` options, `--flag` switches and positional arguments, as a command's
/// ``CommandOption`` table declares them.
///
/// Options may also be written `--name=value`. Unknown options and missing values are usage errors. A repeatable
/// option keeps every value given (``values(_:)``); any other keeps the last. Values are read through the declared
/// option, never by name.
struct ArgumentList {
    private(set) var positionals: [String] = []
    private let declared: [CommandOption]
    private var options: [String: String] = [:]
    private var repeated: [String: [String]] = [:]
    private var flags: Set<String> = []

    /// - Parameters:
    ///   - arguments: the words after the subcommand.
    ///   - declared: the command's options.
    /// - Throws: ``UsageError`` for an unknown option (with the closest known one), a flag given a value, or an
    ///   option without its value.
    init(_ arguments: [String], options declared: [CommandOption]) throws {
        self.declared = declared
        let valueOptions = Set(declared.filter { $0.kind != .flag }.map(\.name))
        let flagOptions = Set(declared.filter { $0.kind == .flag }.map(\.name))
        let repeatableOptions = Set(declared.filter { $0.kind == .repeatable }.map(\.name))
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

    /// The value given for `option` (the last one, for a repeatable option), else its default; nil when neither.
    func value(_ option: CommandOption) -> String? {
        checkDeclared(option)
        return options[option.name] ?? option.defaultValue
    }

    /// The value given for `option`, else its default: for an option declared with one.
    func valueOrDefault(_ option: CommandOption) -> String {
        assert(option.defaultValue != nil, "--\(option.name) has no default")
        return value(option) ?? ""
    }

    /// Every value of a repeatable option, in the order given.
    func values(_ option: CommandOption) -> [String] {
        checkDeclared(option)
        return repeated[option.name] ?? []
    }

    /// The value given for `option`.
    /// - Throws: ``UsageError`` `missing --<name> <value>` when it is absent or empty.
    func required(_ option: CommandOption) throws -> String {
        checkDeclared(option)
        guard let value = options[option.name], !value.isEmpty else { throw UsageError(message: "missing --\(option.name) <value>") }
        return value
    }

    /// Whether the flag `option` was given.
    func flag(_ option: CommandOption) -> Bool {
        checkDeclared(option)
        return flags.contains(option.name)
    }

    /// The single positional argument, named `name` in the error when absent or repeated.
    func onePositional(_ name: String) throws -> String {
        guard positionals.count == 1 else {
            throw UsageError(message: positionals.isEmpty ? "missing <\(name)>" : "expected one <\(name)>, got \(positionals.count)")
        }
        return positionals[0]
    }

    /// Stops a debug build that reads an option its command did not declare: the value could never be given.
    private func checkDeclared(_ option: CommandOption) {
        assert(declared.contains(option), "--\(option.name) is read but not declared by the command")
    }
}
