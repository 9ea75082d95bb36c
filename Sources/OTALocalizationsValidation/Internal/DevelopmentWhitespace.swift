/// A leading or trailing whitespace or trailing newline that a development value has and most of its translations
/// lack is most likely a slip in the development value ("Hello " translated as "Bonjour", "Hallo", …): it is reported
/// once, on the development value, naming the translations, instead of once in every translation
/// (docs/validation.md, `whitespace-mismatch`).
///
/// "Most": at least two translations lack it, and more than half of the translations that define the key do. The
/// others keep their own findings.
enum DevelopmentWhitespace {
    /// The ``DiagnosticSink/causes`` entry of a translation's `whitespace-mismatch` that lacks what the development
    /// table's value has.
    static func cause(_ what: WhitespaceDifference.What) -> String {
        "\(prefix)\(what.rawValue)"
    }

    private static let prefix = "development-whitespace|"

    /// Moves each such group of translation findings out of `sinks` and adds one finding on the development value.
    static func reportOnce(
        from sinks: inout [DiagnosticSink], development: String, references: [String: ReferenceTable],
        index: TableIndex, into developmentSink: inout DiagnosticSink
    ) {
        struct Group { var members: [(sink: Int, index: Int, localization: String)] = [] }
        var groups: [String: Group] = [:]
        var order: [String] = []
        for (sinkIndex, sink) in sinks.enumerated() {
            for (index, cause) in sink.causes where cause.hasPrefix(prefix) {
                let diagnostic = sink.diagnostics[index]
                let id = "\(diagnostic.table ?? "")\u{0}\(diagnostic.key ?? "")\u{0}\(cause)"
                if groups[id] == nil { order.append(id) }
                groups[id, default: Group()].members.append((sinkIndex, index, diagnostic.localization ?? ""))
            }
        }
        var removals = Array(repeating: Set<Int>(), count: sinks.count)
        for id in order.sorted() {
            guard let group = groups[id], let first = group.members.first else { continue }
            let diagnostic = sinks[first.sink].diagnostics[first.index]
            guard let table = diagnostic.table, let key = diagnostic.key,
                  let strings = references[table]?.pair.strings, let definition = strings.definitions[key],
                  let cause = sinks[first.sink].causes[first.index],
                  let what = WhitespaceDifference.What(rawValue: String(cause.dropFirst(prefix.count))) else { continue }
            let defining = index.tables.filter { localization, tables in
                localization != development && tables[table]?.strings?.definitions[key] != nil
            }.count
            let lacking = group.members.map(\.localization).sorted()
            guard lacking.count >= 2, lacking.count * 2 > defining else { continue }
            for member in group.members { removals[member.sink].insert(member.index) }
            let shown = lacking.prefix(5).joined(separator: ", ") + (lacking.count > 5 ? " and \(lacking.count - 5) more" : "")
            developmentSink.add(
                .whitespaceMismatch, file: strings.file, key: key, line: definition.line, column: definition.column,
                message: "\(MessageText.quoted(key)): \(MessageText.quoted(definition.value)) has \(what == .trailingNewline ? "a " : "")\(what.rawValue) that \(lacking.count) of its \(defining) translations (\(shown)) lack; if it is a slip, remove it here, and if it is meant, add it to them.",
                value: definition.value)
        }
        for (sinkIndex, indices) in removals.enumerated() { sinks[sinkIndex].remove(at: indices) }
    }
}
