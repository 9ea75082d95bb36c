extension ModuleValidator {
    /// One `development-value-missing` warning per table for the translated keys that have no development value,
    /// neither in the development table nor in the module's Swift sources: their formats could not be checked.
    ///
    /// The finding is on the development table's file (or, when the development region has no such table, on the
    /// first localization's), with the development localization; `value` lists the keys, one per line, sorted.
    func reportKeysWithoutDevelopmentValue(
        _ unvalued: [String: Set<String>], module: String, development: String, references: [String: ReferenceTable],
        index: TableIndex
    ) -> [ValidationDiagnostic] {
        unvalued.keys.sorted().compactMap { table -> ValidationDiagnostic? in
            guard let keys = unvalued[table]?.sorted(), let first = keys.first else { return nil }
            let translated = index.tables.keys.sorted().lazy.compactMap { index.tables[$0]?[table]?.anyFile }.first
            guard let file = references[table]?.pair.anyFile ?? translated else { return nil }
            let shown = keys.prefix(Self.missingKeysShown).map(MessageText.quoted).joined(separator: ", ")
            let more = keys.count > Self.missingKeysShown ? " and \(keys.count - Self.missingKeysShown) more" : ""
            let one = keys.count == 1
            let counted = one
                ? "1 key of \(table) has no development value; its format was not checked"
                : "\(keys.count) keys of \(table) have no development value; their formats were not checked"
            let fix = "Give \(one ? "it" : "each") a value in \(development)'s \(table) table, or beside the key in Swift "
                + "(NSLocalizedString's value:, or the defaultValue: of String(localized:) or LocalizedStringResource)."
            return ValidationDiagnostic(
                code: .developmentValueMissing, module: module, table: table, localization: development,
                key: one ? first : nil, file: file.path, message: "\(counted): \(shown)\(more). \(fix)",
                value: keys.joined(separator: "\n"))
        }
    }
}
