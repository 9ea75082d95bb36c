extension ModuleValidator {
    /// Reports what a baseline (the tables published or embedded before) had and the new module lacks.
    ///
    /// The OTA bundle replaces the embedded one wholesale and Apple has no per-key fallback
    /// (docs/apple-platform.md F2), so a dropped key shows the raw key where a translation showed before.
    func checkAgainstBaseline(index: TableIndex, baseline: TableIndex, into sink: inout DiagnosticSink) {
        for localization in baseline.tables.keys.sorted() {
            guard let baselineTables = baseline.tables[localization] else { continue }
            for tableName in baselineTables.keys.sorted() {
                guard let old = baselineTables[tableName], let oldFile = old.anyFile else { continue }
                guard let new = index.tables[localization]?[tableName], let newFile = new.anyFile else {
                    var diagnostic = ValidationDiagnostic(
                        code: .missingTableAgainstBaseline, module: sink.module, table: tableName,
                        localization: localization, file: oldFile.path,
                        message: "The baseline has \(localization).lproj/\(tableName) but the new publish does not; its \(old.keys.count) keys would fall back to another language or show raw keys. Restore the table.")
                    diagnostic.value = nil
                    sink.diagnostics.append(diagnostic)
                    continue
                }
                guard new.unreadable == nil else { continue }
                for key in old.keys.subtracting(new.keys).sorted() {
                    sink.add(.missingKeyAgainstBaseline, file: newFile, key: key,
                             message: "\"\(key)\" was in the baseline's \(localization).lproj/\(tableName) but is missing here; the app would show the raw key where it showed a translation. Restore the key.")
                }
            }
        }
    }
}
