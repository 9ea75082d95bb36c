import Foundation
import OTALocalizationsPackager
import OTALocalizationsSourceLint
import OTATestSupport
import Testing

/// The module template: names it accepts, files equal to what docs/source-linting.md shows, and sources that both
/// `lint-sources` and the template's SwiftLint rules find clean, while a copy with a bare lookup is flagged by both.
@Suite struct ModuleTemplateTests {
    // MARK: Names

    @Test(arguments: [
        ("Checkout", "Checkout"), ("checkout_v2", "Checkout_v2"), ("_Internal", "_Internal"),
        ("Widget Extension", "WidgetExtension"), ("ownCloud File Provider", "OwnCloudFileProvider"), ("ownCloud", "OwnCloud"),
        ("SyncUI-iOS", "SyncUIIOS"), ("Café", "Cafe"), ("2FA", "Module2FA"), ("日本語", "Module"), ("class", "Class"),
        ("Foundation", "Foundation"), ("My \"Beta\" Module", "MyBetaModule"), (String(repeating: "M", count: 85), String(repeating: "M", count: 85)),
    ])
    func namesDiscoveryPublishesAreAcceptedWithAnIdentifier(_ name: String, _ identifier: String) throws {
        let template = try ModuleTemplate(moduleName: name)
        #expect(template.moduleName == name)
        #expect(template.identifier == identifier)
        #expect(template.files.map(\.name)[1] == "\(identifier)Strings.swift")
    }

    @Test(arguments: [
        ("", "empty"), ("a/b", "contains '/'"), ("a\\b", "contains '\\'"), (".", "not a file name"), ("..", "not a file name"),
        ("a\u{0}b", "contains U+0000"), ("a\tb", "contains U+0009"),
        (String(repeating: "m", count: 201), "has 201 UTF-8 bytes"),
        // 86 capitals: 258 bytes as %4D… on the device, where 255 fit.
        (String(repeating: "M", count: 86), "takes 258 bytes as a folder name on the device"),
    ])
    func otherNamesAreRefusedWithTheReason(_ name: String, _ reason: String) {
        let error = #expect(throws: ModuleTemplateError.self) { try ModuleTemplate(moduleName: name) }
        #expect(error?.code == .invalidName)
        #expect(error?.reason.contains(reason) == true, "\(error?.reason ?? "")")
    }

    @Test func theNameIsAStringLiteralAndTheFallbackIsChosen() throws {
        let quoted = try ModuleTemplate(moduleName: "My \"Beta\" Module", fallback: .main).files
        #expect(quoted[0].contents.contains("OTALocalizedString.bundle(for: \"My \\\"Beta\\\" Module\") ?? .main\n"))
        #expect(quoted[1].contents.contains("/// My \"Beta\" Module's strings,"))
        #expect(quoted[1].contents.contains("enum MyBetaModuleStrings {"))
        #expect(try ModuleTemplate(moduleName: "Checkout").files[0].contents.contains("?? .module\n"))
    }

    // MARK: Files

    /// The fenced blocks of docs/source-linting.md with info string `language`, in order.
    private func documentBlocks(_ language: String) throws -> [String] {
        let text = try String(
            contentsOf: TestPaths.packageRoot.appendingPathComponent("docs/source-linting.md"), encoding: .utf8)
        return text.components(separatedBy: "```\(language)\n").dropFirst().map { $0.components(separatedBy: "\n```")[0] }
    }

    @Test func filesAreTheDocumentedBoilerplateHelperAndSwiftLintRulesWithTheName() throws {
        let files = try ModuleTemplate(moduleName: "Checkout").files
        let swift = try documentBlocks("swift")
        let yaml = try documentBlocks("yaml")

        #expect(files.map(\.name) == ["Bundle+LocalizationBundle.swift", "CheckoutStrings.swift", ".swiftlint.yml"])
        // The doc's first block is the boilerplate; the helper is the block that declares it. `<Module>` is the name.
        let helper = try #require(swift.first { $0.contains("enum <ModuleIdentifier>Strings {") })
        #expect(files[0].contents == swift[0].replacingOccurrences(of: "<Module>", with: "Checkout") + "\n")
        #expect(files[1].contents == helper.replacingOccurrences(of: "<ModuleIdentifier>", with: "Checkout")
            .replacingOccurrences(of: "<Module>", with: "Checkout") + "\n")
        #expect(files[2].contents == yaml[0] + "\n")
        #expect(files[0].contents.contains("OTALocalizedString.bundle(for: \"Checkout\") ?? .module"))
        #expect(files[1].contents.contains("enum CheckoutStrings {"))
    }

    // MARK: The same samples for lint-sources and for the SwiftLint rules

    /// One bare lookup per rule, each with the `lint-sources` rule and the SwiftLint rule that must flag it.
    static let bareLookups: [(line: String, lintRule: SourceLintRule, swiftLintRule: String)] = [
        ("let a = NSLocalizedString(\"title\", comment: \"\")", .missingBundle, "ota_missing_bundle"),
        ("let b = String(localized: \"title\")", .missingBundle, "ota_missing_bundle"),
        ("let c = NSLocalizedString(\"title\", bundle: .main, comment: \"\")", .mainBundle, "ota_module_or_main_bundle"),
        ("let d = String(localized: \"title\", bundle: .module)", .moduleBundle, "ota_module_or_main_bundle"),
        ("let e = Bundle.module.localizedString(forKey: \"title\", value: nil, table: nil)", .moduleBundle,
         "ota_module_or_main_bundle"),
        ("let f = Text(\"title\")", .textMissingBundle, "ota_text_missing_bundle"),
    ]

    /// Lookups through the module's bundle, which no rule may flag.
    static let goodLookups = [
        "let a = NSLocalizedString(\"title\", bundle: .localizationBundle, comment: \"\")",
        "let b = String(localized: \"title\", bundle: .localizationBundle)",
        "let c = Bundle.localizationBundle.localizedString(forKey: \"title\", value: nil, table: nil)",
        "let d = Text(\"title\", bundle: .localizationBundle)",
        "let e = CheckoutStrings.string(\"title\")",
    ]

    /// The template's custom rules: identifier to regular expression, compiled as SwiftLint does.
    ///
    /// SwiftLint compiles a custom rule's `regex` with `NSRegularExpression` (ICU syntax) and the options
    /// `anchorsMatchLines` and `dotMatchesLineSeparators` (realm/SwiftLint, `NSRegularExpression+SwiftLint.swift`).
    /// `excluded_match_kinds` needs SourceKit's syntax map, which this test does not have, so no sample puts a
    /// lookup inside a comment or a string.
    private func swiftLintRules() throws -> [String: NSRegularExpression] {
        let configuration = try YAMLSubset.parse(try ModuleTemplate(moduleName: "Checkout").files[2].contents)
        let rules = try #require(configuration["custom_rules"])
        var compiled: [String: NSRegularExpression] = [:]
        for name in rules.keys {
            let pattern = try #require(rules[name]?["regex"]?.string)
            compiled[name] = try NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines, .dotMatchesLineSeparators])
        }
        return compiled
    }

    private func matchingRules(_ source: String, _ rules: [String: NSRegularExpression]) -> Set<String> {
        let range = NSRange(source.startIndex..., in: source)
        return Set(rules.filter { $0.value.firstMatch(in: source, range: range) != nil }.keys)
    }

    @Test func swiftLintConfigurationIsReadTheSameByPyYAMLWhenItIsInstalled() throws {
        let text = try ModuleTemplate(moduleName: "Checkout").files[2].contents
        let ours = try YAMLSubset.parse(text).foundationObject
        guard let python = try YAMLSubset.pythonReading(text) else { return }   // PyYAML absent: nothing to compare
        #expect(NSDictionary(dictionary: ours as? [String: Any] ?? [:]).isEqual(to: python as? [String: Any] ?? [:]))
    }

    @Test func scaffoldedSourcesAndGoodLookupsAreCleanForBothCheckers() throws {
        let rules = try swiftLintRules()
        #expect(rules.keys.sorted() == ["ota_missing_bundle", "ota_module_or_main_bundle", "ota_text_missing_bundle"])
        let sources = try ModuleTemplate(moduleName: "Checkout").files.filter { $0.name.hasSuffix(".swift") }
        for source in sources.map(\.contents) + Self.goodLookups {
            #expect(SourceLinter.lint(source: source, path: "clean.swift") == [], "\(source)")
            #expect(matchingRules(source, rules).isEmpty, "\(source)")
        }
    }

    @Test(arguments: bareLookups.indices)
    func aCopyWithABareLookupIsFlaggedByBothCheckers(_ index: Int) throws {
        let sample = Self.bareLookups[index]
        let helper = try ModuleTemplate(moduleName: "Checkout").files[1].contents
        let copy = helper + "\n" + sample.line + "\n"

        let findings = SourceLinter.lint(source: copy, path: "CheckoutStrings.swift")
        #expect(findings.map(\.rule) == [sample.lintRule])
        #expect(findings.map(\.line) == [copy.components(separatedBy: "\n").count - 1])
        #expect(matchingRules(copy, try swiftLintRules()) == [sample.swiftLintRule])
    }

    // MARK: Writing

    @Test func writeCreatesTheFolderAndTheThreeFiles() throws {
        let root = try TemporaryDirectory("template")
        defer { root.remove() }
        let folder = root.url.appendingPathComponent("Sources/Checkout", isDirectory: true)
        let template = try ModuleTemplate(moduleName: "Checkout")

        let written = try template.write(into: folder)

        #expect(written.map(\.lastPathComponent) == template.files.map(\.name))
        for file in template.files {
            let data = try Data(contentsOf: folder.appendingPathComponent(file.name))
            #expect(String(decoding: data, as: UTF8.self) == file.contents)
        }
    }

    @Test func anExistingFileStopsTheWriteBeforeAnythingIsWritten() throws {
        let root = try TemporaryDirectory("template")
        defer { root.remove() }
        try root.write(".swiftlint.yml", "custom_rules: {}\n")
        let template = try ModuleTemplate(moduleName: "Checkout")

        let error = #expect(throws: ModuleTemplateError.self) { try template.write(into: root.url) }
        #expect(error?.code == .fileExists)
        #expect(error?.paths == [root.url.appendingPathComponent(".swiftlint.yml").relativePath])
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == [".swiftlint.yml"])
        #expect(try String(contentsOf: root.url.appendingPathComponent(".swiftlint.yml"), encoding: .utf8) == "custom_rules: {}\n")
    }

    @Test func aDanglingSymbolicLinkCountsAsAnExistingFile() throws {
        let root = try TemporaryDirectory("template")
        defer { root.remove() }
        let link = root.url.appendingPathComponent("CheckoutStrings.swift")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: root.url.appendingPathComponent("gone").path)

        #expect(throws: ModuleTemplateError.self) { try ModuleTemplate(moduleName: "Checkout").write(into: root.url) }
        #expect(!FileManager.default.fileExists(atPath: root.url.appendingPathComponent("gone").path))
    }

    @Test func anOutputPathThatIsAFileIsAnIOError() throws {
        let root = try TemporaryDirectory("template")
        defer { root.remove() }
        let file = try root.write("Checkout", "not a folder\n")

        let error = #expect(throws: ModuleTemplateError.self) { try ModuleTemplate(moduleName: "Checkout").write(into: file) }
        #expect(error?.code == .io)
    }
}

/// A module that already declares the boilerplate in another file gets no second copy.
@Suite struct ModuleTemplateExistingDeclarationTests {
    /// Checkout.swift as Examples/SampleApp declares it: its own `localizationBundle` and `CheckoutStrings`.
    private static let adopted = """
        import Foundation
        import OTALocalizations

        extension Bundle {
            /// The bundle Checkout reads its strings from.
            static var localizationBundle: Bundle {
                OTALocalizedString.bundle(for: "Checkout") ?? .module
            }
        }

        public enum CheckoutStrings {
            public static var title: String { String(localized: "cart.title", bundle: .localizationBundle) }
        }

        """

    @Test func aLocalizationBundleInAnotherFileStopsTheWriteNamingFileLineAndColumn() throws {
        let root = try TemporaryDirectory("template")
        defer { root.remove() }
        try root.write("Views/Checkout.swift", Self.adopted)

        let error = #expect(throws: ModuleTemplateError.self) { try ModuleTemplate(moduleName: "Checkout").write(into: root.url) }

        let file = root.url.appendingPathComponent("Views/Checkout.swift").relativePath
        #expect(error?.code == .alreadyDeclared)
        #expect(error?.paths == ["\(file):6:16", "\(file):11:13"])
        #expect(error?.reason == "\(file):6:16 already declares localizationBundle in an extension Bundle, "
            + "\(file):11:13 already declares CheckoutStrings; nothing was written. The module already has this "
            + "boilerplate: use it (bundle: .localizationBundle), or remove it first")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["Views"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.url.appendingPathComponent("Views").path) == ["Checkout.swift"])
    }

    @Test func mentionsInCommentsStringsOtherTypesAndBuildFoldersDoNotCount() throws {
        let root = try TemporaryDirectory("template")
        defer { root.remove() }
        try root.write("Notes.swift", #"""
            // extension Bundle { static var localizationBundle: Bundle { .main } }
            /* enum CheckoutStrings {} */
            let text = "extension Bundle { static var localizationBundle: Bundle }"
            let multi = """
                enum CheckoutStrings {}
                """
            extension Locale { static var localizationBundle: Bundle { .main } }
            enum Outer { enum CheckoutStrings {} }
            extension Bundle { func load() { let localizationBundle = 1; _ = localizationBundle } }
            """#)
        try root.write(".build/checkouts/Other/Bundle.swift", Self.adopted)

        let written = try ModuleTemplate(moduleName: "Checkout").write(into: root.url)

        #expect(written.map(\.lastPathComponent) == ["Bundle+LocalizationBundle.swift", "CheckoutStrings.swift", ".swiftlint.yml"])
    }

    @Test(arguments: [
        ("extension Foundation.Bundle {\n    public static let localizationBundle = Bundle.main\n}\n", [BoilerplateDeclaration(kind: .localizationBundle, line: 2, column: 23)]),
        ("public struct CheckoutStrings {}\n", [BoilerplateDeclaration(kind: .stringsType("CheckoutStrings"), line: 1, column: 15)]),
        ("typealias CheckoutStrings = L10n\n", [BoilerplateDeclaration(kind: .stringsType("CheckoutStrings"), line: 1, column: 11)]),
        ("extension Bundle.Foo { static var localizationBundle: Bundle { .main } }\n", []),
        ("extension CheckoutStrings { static var x = 1 }\n", []),
    ])
    func declarationsAreFoundOnlyWhereTheyWouldCollide(_ source: String, _ expected: [BoilerplateDeclaration]) {
        #expect(BoilerplateDeclaration.declarations(in: source, stringsTypeName: "CheckoutStrings") == expected)
    }
}
