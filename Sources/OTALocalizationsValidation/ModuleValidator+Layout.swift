import OTALocalizationsNames

extension ModuleValidator {
    /// Folder names that change a bundle's layout when they sit at its root, compared case-insensitively
    /// (docs/apple-platform.md F8, CF `_CFBundleGetBundleVersionForURL`).
    static let specialFolderNames: Set<String> = ["contents", "resources", "support files"]

    /// Old names Apple maps to language codes (AICU `appleAliasMap`).
    static let legacyLocalizationNames: Set<String> = [
        "English", "French", "German", "Italian", "Japanese", "Spanish", "Dutch",
    ]

    /// Whether an `.lproj` name is `Base` or a language identifier: a 2–3 letter language, an optional
    /// 4-letter script, an optional 2-letter or 3-digit region, optional 5–8 character variants,
    /// separated by `-` or `_` (BCP 47 / Unicode locale identifier shapes).
    public static func isValidLocalizationName(_ name: String) -> Bool {
        if name == LocalizationFolder.base || legacyLocalizationNames.contains(name) { return true }
        let parts = name.split(separator: "-", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
        func letters(_ part: Substring, _ counts: ClosedRange<Int>) -> Bool {
            counts.contains(part.count) && part.allSatisfy { $0.isASCII && $0.isLetter }
        }
        guard let language = parts.first, letters(language, 2...3) else { return false }
        var rest = parts.dropFirst()
        if let script = rest.first, letters(script, 4...4) { rest = rest.dropFirst() }
        if let region = rest.first,
           letters(region, 2...2) || (region.count == 3 && region.allSatisfy { $0.isASCII && $0.isNumber }) {
            rest = rest.dropFirst()
        }
        return rest.allSatisfy { (5...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }

    func checkLayout(_ input: ValidationInput, into sink: inout DiagnosticSink) {
        // Top-level folders: from the folder list and from file paths.
        var topFolders: [String: ValidationInput.File] = [:]
        var lprojs: [String: ValidationInput.File] = [:]
        for file in input.files {
            let components = file.relativePath.split(separator: "/").map(String.init)
            if components.count >= 2 {
                topFolders[components[0]] = topFolders[components[0]] ?? file
            }
            if let localization = file.localization {
                lprojs[localization] = lprojs[localization] ?? file
                continue
            }
            let message = components.count == 1
                ? "A table at the resource root outside any .lproj hides every .lproj copy of \(file.tableName) (Apple reads root resources first); move it into the development region's .lproj."
                : "A table that is not directly inside a top-level .lproj folder is never read as a localized table; move it to <language>.lproj/\(components.last ?? "")."
            // The path tells two such files of one table name apart (a baseline identity).
            sink.add(.tableOutsideLproj, file: file, message: message, value: file.relativePath)
        }
        for folder in input.folders {
            let top = folder.split(separator: "/").first.map(String.init) ?? folder
            if topFolders[top] == nil {
                let path = input.rootPath.isEmpty ? top : "\(input.rootPath)/\(top)"
                let placeholder = ValidationInput.File(path: path, relativePath: top, content: .strings(.init(format: .text, entries: [])))
                topFolders[top] = placeholder
            }
        }
        for (name, file) in topFolders.sorted(by: { $0.key < $1.key }) {
            if Self.specialFolderNames.contains(name.lowercased()) {
                var diagnostic = ValidationDiagnostic(
                    code: .specialFolderName, module: input.module, table: nil, localization: nil,
                    file: Self.folderPath(name, in: file),
                    message: "A folder named \"\(name)\" at the bundle root makes Apple look for every resource inside it instead of the root; rename or remove it.")
                diagnostic.value = name
                sink.diagnostics.append(diagnostic)
            }
            if let localization = LocalizationFolder.localization(ofFolder: name), lprojs[localization] == nil {
                lprojs[localization] = file
            }
        }
        for (name, file) in lprojs.sorted(by: { $0.key < $1.key }) where !Self.isValidLocalizationName(name) {
            var diagnostic = ValidationDiagnostic(
                code: .invalidLocalizationName, module: input.module, table: nil,
                localization: name, file: Self.folderPath(LocalizationFolder.name(for: name), in: file),
                message: "\"\(name).lproj\" is not a language identifier, so no user's language ever matches it; rename it (for example sr-Latn, pt-BR, zh-Hans).")
            diagnostic.value = name
            sink.diagnostics.append(diagnostic)
        }
    }

    /// The display path of a top-level folder, derived from a file inside it.
    static func folderPath(_ folder: String, in file: ValidationInput.File) -> String {
        guard file.path.hasSuffix(file.relativePath) else { return folder }
        return String(file.path.dropLast(file.relativePath.count)) + folder
    }
}
