extension CommandOption {
    /// Returns the OPTIONS section of a command's `--help`: one entry per option, in order, then `-h, --help`.
    ///
    /// Each line starts with two spaces. An entry is the option's ``label`` and its description, which starts in
    /// `column` (0-based) when the label leaves two spaces before it, and otherwise as the option's ``Layout`` says;
    /// the description's further lines start in `column` too.
    static func helpText(_ options: [CommandOption], column: Int) -> String {
        let help = CommandOption.flag("help", help: "Show this help.")
        let rows = options.filter { $0.layout != .unlisted }.map { $0.helpLines(label: $0.label, column: column) }
            + [help.helpLines(label: "-h, --help", column: column)]
        return rows.joined().joined(separator: "\n")
    }

    /// The lines of this option's entry, its name shown as `label`.
    private func helpLines(label: String, column: Int) -> [String] {
        let lead = "  " + label
        let indent = String(repeating: " ", count: column)
        let description = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let first: [String]
        switch layout {
        case .ownLine:
            first = [lead, indent + description[0]]
        case .descriptionColumn(let start):
            first = [Output.padded(lead, start) + description[0]]
        case .standard, .unlisted:
            first = [(lead.count + 2 <= column ? Output.padded(lead, column) : lead + "  ") + description[0]]
        }
        return first + description.dropFirst().map { indent + $0 }
    }
}
