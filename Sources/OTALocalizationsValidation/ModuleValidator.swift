import OTALocalizationsCore
import OTALocalizationsPublishing

/// The checks of one module's tables (`docs/validation.md`): they return diagnostics and never throw.
///
/// What it checks (codes in ``ValidationDiagnostic/Code``, documented in `docs/validation.md`):
/// - files: unreadable tables (parse, encoding), tables outside any `.lproj`, special folder names,
///   `.lproj` names that are not language identifiers (docs/apple-platform.md L13, F3, F4, F8, E1–E3);
/// - given the module's ``ValidationInput/origin``: a name taken from the checkout folder, tables discovery left
///   beside the `.lproj` folders, a development region without a table;
/// - each table: duplicate keys, empty values, the structure of every `.stringsdict` entry;
/// - each translation against the development region: printf arguments (``FormatArguments``), missing
///   keys, whitespace, values equal to their key, CLDR plural categories (``PluralCategories``); a key the
///   development table lacks against its development value in Swift code (``ValidationInput/sourceValues``), and
///   the keys with neither counted per table;
/// - optionally, against a baseline (what was published or embedded before): keys and tables dropped.
///
/// Diagnostics come out in a stable order: by file path, then line, then code.
/// A validator holds no state; it may be used from any thread.
public struct ModuleValidator: Sendable {
    /// Whether the app formats counts of a million and more through `.stringsdict` plurals (configuration key
    /// `pluralCountsOfMillions`): then a missing CLDR category that only such numbers select (fr, es, it, pt, ca
    /// `many`) is a warning instead of a note.
    public var pluralCountsOfMillions: Bool

    public init(pluralCountsOfMillions: Bool = false) {
        self.pluralCountsOfMillions = pluralCountsOfMillions
    }

    /// Validates one module.
    /// - Parameters:
    ///   - input: the module's tables.
    ///   - baseline: the same module as published before (or as embedded in the app), or nil.
    /// - Returns: every finding, errors and warnings, sorted by file, line and code.
    public func validate(_ input: ValidationInput, baseline: ValidationInput? = nil) -> [ValidationDiagnostic] {
        var sink = DiagnosticSink(module: input.module)
        checkLayout(input, into: &sink)
        checkOrigin(input, into: &sink)
        // Tables, and localizations against the development region, are independent: check them on every core
        // (one module with a hundred localizations gets every core too); the sort below fixes the order.
        let perFile = ParallelMap.map(input.files) { file in
            var fileSink = DiagnosticSink(module: input.module)
            let entries = checkTable(file, developmentRegion: input.developmentRegion, into: &fileSink)
            return (fileSink, entries)
        }
        let index = TableIndex(input, stringsDictEntries: perFile.map(\.1))
        sink.diagnostics += Self.reportingCopiedMistakesOnce(
            perFile.map(\.0), development: index.developmentLocalization(for: input.developmentRegion))
        sink.diagnostics += checkTranslations(input, index: index)
        if let baseline {
            checkAgainstBaseline(index: index, baseline: TableIndex(baseline), into: &sink)
        }
        return sink.diagnostics.sorted(by: Self.order)
    }

    /// Validates several modules, concatenating their diagnostics in input order.
    public func validate(_ inputs: [ValidationInput]) -> [ValidationDiagnostic] {
        inputs.flatMap { validate($0) }
    }

    /// The findings of every file, without those of a translation whose cause (``DiagnosticSink/causes``) the
    /// development localization's copy of the same table and key has too: a mistake made in the development entry
    /// and copied by the translations is reported once, on the development file, which says how many copy it.
    static func reportingCopiedMistakesOnce(_ sinks: [DiagnosticSink], development: String?) -> [ValidationDiagnostic] {
        func identity(_ diagnostic: ValidationDiagnostic, _ cause: String) -> String {
            "\(diagnostic.table ?? "")\u{0}\(diagnostic.key ?? "")\u{0}\(cause)"
        }
        guard let development else { return sinks.flatMap(\.diagnostics) }
        var developmentCauses: Set<String> = []
        for sink in sinks {
            for (index, cause) in sink.causes where sink.diagnostics[index].localization == development {
                developmentCauses.insert(identity(sink.diagnostics[index], cause))
            }
        }
        guard !developmentCauses.isEmpty else { return sinks.flatMap(\.diagnostics) }
        // The translations' copies are left out, and the localizations that copy each cause counted.
        var copies: [String: Set<String>] = [:]
        var kept = sinks.map { sink in
            sink.diagnostics.indices.filter { index in
                let diagnostic = sink.diagnostics[index]
                guard diagnostic.localization != development, let cause = sink.causes[index] else { return true }
                let id = identity(diagnostic, cause)
                guard developmentCauses.contains(id) else { return true }
                copies[id, default: []].insert(diagnostic.localization ?? "")
                return false
            }.map { (index: $0, diagnostic: sink.diagnostics[$0]) }
        }
        for (sinkIndex, sink) in sinks.enumerated() where !copies.isEmpty {
            for position in kept[sinkIndex].indices {
                let index = kept[sinkIndex][position].index
                guard let cause = sink.causes[index], sink.diagnostics[index].localization == development,
                      let localizations = copies[identity(sink.diagnostics[index], cause)] else { continue }
                let names = localizations.sorted()
                let shown = names.prefix(5).joined(separator: ", ") + (names.count > 5 ? " and \(names.count - 5) more" : "")
                kept[sinkIndex][position].diagnostic.amendMessage(
                    " The same mistake in \(names.count) translation\(names.count == 1 ? "" : "s") (\(shown)) is not reported separately: correct it there too, or have the translations updated from this entry.")
            }
        }
        return kept.flatMap { $0.map(\.diagnostic) }
    }

    static func order(_ a: ValidationDiagnostic, _ b: ValidationDiagnostic) -> Bool {
        if a.file != b.file { return a.file < b.file }
        if (a.line ?? 0) != (b.line ?? 0) { return (a.line ?? 0) < (b.line ?? 0) }
        if a.code.rawValue != b.code.rawValue { return a.code.rawValue < b.code.rawValue }
        return (a.key ?? "") < (b.key ?? "")
    }
}

/// Collects the diagnostics of one module.
struct DiagnosticSink {
    let module: String
    var diagnostics: [ValidationDiagnostic] = []
    /// For some diagnostics (by index in ``diagnostics``), what causes them, equal for the same mistake copied into
    /// another localization (``StringsDictProblem/cause``).
    var causes: [Int: String] = [:]

    /// Removes the diagnostics at `indices`, keeping ``causes`` with the ones that stay.
    mutating func remove(at indices: Set<Int>) {
        guard !indices.isEmpty else { return }
        var kept: [ValidationDiagnostic] = []
        var keptCauses: [Int: String] = [:]
        for (index, diagnostic) in diagnostics.enumerated() where !indices.contains(index) {
            if let cause = causes[index] { keptCauses[kept.count] = cause }
            kept.append(diagnostic)
        }
        (diagnostics, causes) = (kept, keptCauses)
    }

    mutating func add(
        _ code: ValidationDiagnostic.Code, severity: ValidationDiagnostic.Severity? = nil,
        file: ValidationInput.File, key: String? = nil, keyPath: [String] = [], line: Int? = nil, column: Int? = nil,
        message: String, value: String? = nil, cause: String? = nil, explanation: String? = nil
    ) {
        if let cause { causes[diagnostics.count] = cause }
        var diagnostic = ValidationDiagnostic(
            severity: severity ?? code.severity(), code: code, module: module, table: file.tableName,
            localization: file.localization, key: key,
            keyPath: keyPath.isEmpty ? nil : keyPath.joined(separator: "/"), file: file.path,
            line: line.flatMap { $0 > 0 ? $0 : nil }, column: column.flatMap { $0 > 0 ? $0 : nil },
            message: message, value: value)
        if let explanation { diagnostic.explain(explanation) }
        diagnostics.append(diagnostic)
    }
}
