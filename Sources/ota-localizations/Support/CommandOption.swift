/// One option of a command, declared once: its name, what follows it, its default and its help.
///
/// A command lists its options in one table (`static let options`); ``ArgumentList`` parses the command line with
/// that table, the command reads each value through the option itself (`args.value(Option.timeout)`), and
/// ``helpText(_:column:)`` writes the OPTIONS section of its `--help` from the same table.
struct CommandOption: Hashable, Sendable {
    /// What follows the option's name on a command line.
    enum Kind: Hashable, Sendable {
        /// `--name <value>` or `--name=<value>`; the last one given counts.
        case value
        /// `--name` alone.
        case flag
        /// `--name <value>`, any number of times; every value counts, in order.
        case repeatable
    }

    /// Where `--help` puts the description when the name does not fit in the command's first column.
    enum Layout: Hashable, Sendable {
        /// In the first column when the name leaves two spaces before it; else two spaces after the name.
        case standard
        /// On the line below the name, in the first column.
        case ownLine
        /// On the name's line from this column (0-based), to line up with a neighbour's description.
        case descriptionColumn(Int)
        /// Not listed on its own: another option's description names it (`--json`, short for `--format json`).
        case unlisted
    }

    /// The name without `--`, e.g. `timeout`.
    let name: String
    let kind: Kind
    /// The value's name in the help, e.g. `<seconds>`; empty for a flag.
    let placeholder: String
    /// The value a command uses when the option is absent, written as on a command line; nil when there is none.
    let defaultValue: String?
    /// The description, its lines as `--help` breaks them (without their indentation).
    let help: String
    let layout: Layout

    /// A switch, `--name`.
    static func flag(_ name: String, layout: Layout = .standard, help: String) -> CommandOption {
        CommandOption(name: name, kind: .flag, placeholder: "", defaultValue: nil, help: help, layout: layout)
    }

    /// An option that takes a value, `--name <placeholder>`, with no default.
    static func value(_ name: String, _ placeholder: String, layout: Layout = .standard, help: String) -> CommandOption {
        CommandOption(name: name, kind: .value, placeholder: placeholder, defaultValue: nil, help: help, layout: layout)
    }

    /// An option that takes a value and has a default; `help` receives the default, so that the help states the
    /// value the command uses.
    static func value(
        _ name: String, _ placeholder: String, default defaultValue: String, layout: Layout = .standard,
        help: (String) -> String
    ) -> CommandOption {
        CommandOption(name: name, kind: .value, placeholder: placeholder, defaultValue: defaultValue, help: help(defaultValue), layout: layout)
    }

    /// An option that may be given more than once, `--name <placeholder> ...`.
    static func repeatable(_ name: String, _ placeholder: String, layout: Layout = .standard, help: String) -> CommandOption {
        CommandOption(name: name, kind: .repeatable, placeholder: placeholder, defaultValue: nil, help: help, layout: layout)
    }

    /// `--name <placeholder>`, or `--name` for a flag: the option as the help shows it.
    var label: String {
        kind == .flag ? "--\(name)" : "--\(name) \(placeholder)"
    }
}
