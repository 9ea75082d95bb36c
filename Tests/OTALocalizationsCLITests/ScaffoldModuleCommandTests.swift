import Foundation
import OTATestSupport
import Testing

/// Runs the built `ota-localizations scaffold-module`: exact output and exit codes, no overwriting, and the
/// scaffolded sources compile against the built `OTALocalizations` and pass the built `lint-sources`.
@Suite struct ScaffoldModuleCommandTests {
    private func cli(_ arguments: [String], in folder: URL) async throws -> ToolResult {
        try await ExternalTool.run(TestPaths.cliExecutable.path, arguments, currentDirectory: folder)
    }

    @Test func writesTheThreeFilesIntoTheOutputFolderAndSaysSo() async throws {
        let repo = try TemporaryDirectory("scaffold")
        defer { repo.remove() }

        let result = try await cli(["scaffold-module", "Checkout", "--output", "Sources/Checkout"], in: repo.url)

        #expect(result.status == 0)
        #expect(result.stdout == """
            Wrote Sources/Checkout/Bundle+LocalizationBundle.swift
            Wrote Sources/Checkout/CheckoutStrings.swift
            Wrote Sources/Checkout/.swiftlint.yml
            Pass bundle: .localizationBundle (or use CheckoutStrings) in every lookup of the module.

            """)
        #expect(result.stderr == "")
        let written = try FileManager.default.contentsOfDirectory(atPath: repo.url.appendingPathComponent("Sources/Checkout").path)
        #expect(written.sorted() == [".swiftlint.yml", "Bundle+LocalizationBundle.swift", "CheckoutStrings.swift"])
    }

    /// A repository whose `swiftgen.yml` generates the module's strings without the bundle param: scaffolding the
    /// module says so, with the fix; once the param is set it says nothing more.
    @Test func aSwiftGenConfigurationWithoutTheBundleParamIsNamedWithItsFix() async throws {
        let repo = try TemporaryDirectory("scaffold")
        defer { repo.remove() }
        let config = """
            strings:
              inputs: Sources/Checkout/Resources/en.lproj
              outputs:
                - templateName: structured-swift5
                  output: Sources/Checkout/Generated/Strings.swift
            """
        try repo.write("swiftgen.yml", config)

        let result = try await cli(["scaffold-module", "Checkout", "--output", "Sources/Checkout"], in: repo.url)

        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 6)
        #expect(lines[4] == "Generated accessors read the embedded bundle; route each once (docs/integration.md, \"Generated accessors\"):")
        #expect(lines[5].hasSuffix("swiftgen.yml:4: this SwiftGen strings output has no bundle param set to Bundle.localizationBundle, so its accessors read the embedded bundle over-the-air updates never reach; add params: { bundle: Bundle.localizationBundle } [swiftgen-bundle]"))

        let fixed = config.replacingOccurrences(
            of: "- templateName: structured-swift5", with: "- templateName: structured-swift5\n      params:\n        bundle: Bundle.localizationBundle")
        try repo.write("swiftgen.yml", fixed)
        let again = try await cli(["scaffold-module", "Profile", "--output", "Sources/Profile"], in: repo.url)
        #expect(again.status == 0)
        #expect(again.stdout.split(separator: "\n").count == 4)
    }

    @Test func withoutOutputItWritesIntoTheCurrentFolder() async throws {
        let folder = try TemporaryDirectory("scaffold")
        defer { folder.remove() }

        let result = try await cli(["scaffold-module", "Profile"], in: folder.url)

        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Wrote ./Bundle+LocalizationBundle.swift\nWrote ./ProfileStrings.swift\n"))
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("ProfileStrings.swift").path))
    }

    @Test func refusesToOverwriteAndWritesNothing() async throws {
        let repo = try TemporaryDirectory("scaffold")
        defer { repo.remove() }
        let mine = "// my own helper\n"
        try repo.write("Sources/Checkout/CheckoutStrings.swift", mine)

        let result = try await cli(["scaffold-module", "Checkout", "--output", "Sources/Checkout"], in: repo.url)

        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == "error: not overwriting Sources/Checkout/CheckoutStrings.swift; nothing was written. "
            + "Move or delete it, or pass another --output folder\n")
        let folder = repo.url.appendingPathComponent("Sources/Checkout")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["CheckoutStrings.swift"])
        #expect(try String(contentsOf: folder.appendingPathComponent("CheckoutStrings.swift"), encoding: .utf8) == mine)
    }

    /// The quick start's step 3 on the example app, whose Checkout declares both in Checkout.swift.
    @Test func aModuleThatAlreadyDeclaresTheBoilerplateGetsNothingAndIsToldWhere() async throws {
        let repo = try TemporaryDirectory("scaffold")
        defer { repo.remove() }
        let sample = TestPaths.packageRoot.appendingPathComponent("Examples/SampleApp/Packages/Features/Sources/Checkout/Checkout.swift")
        try repo.write("Sources/Checkout/Checkout.swift", try String(contentsOf: sample, encoding: .utf8))

        let result = try await cli(["scaffold-module", "Checkout", "--output", "Sources/Checkout"], in: repo.url)

        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == "error: Sources/Checkout/Checkout.swift:8:16 already declares localizationBundle in an "
            + "extension Bundle, Sources/Checkout/Checkout.swift:14:13 already declares CheckoutStrings; nothing was "
            + "written. The module already has this boilerplate: use it (bundle: .localizationBundle), or remove it first\n")
        let folder = repo.url.appendingPathComponent("Sources/Checkout")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["Checkout.swift"])
    }

    @Test(arguments: [
        (["scaffold-module"], "error: missing <name>"),
        (["scaffold-module", "Check/out"], "error: module name 'Check/out' contains '/', which no module name can (it is "
            + "one file name on the device); pass the module's name as 'ota-localizations modules' lists it"),
        (["scaffold-module", "A", "--fallback", "framework"], "error: --fallback must be module or main, not 'framework'"),
        (["scaffold-module", "A", "B"], "error: expected one <name>, got 2"),
        (["scaffold-module", "A", "--force"], "error: unknown option '--force'"),
    ])
    func usageErrorsExitWithTwo(_ arguments: [String], _ message: String) async throws {
        let folder = try TemporaryDirectory("scaffold")
        defer { folder.remove() }

        let result = try await cli(arguments, in: folder.url)

        #expect(result.status == 2)
        #expect(result.stderr == message + "\nRun 'ota-localizations scaffold-module --help' for usage.\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
    }

    @Test func scaffoldedSourcesCompileAgainstOTALocalizationsAndLintClean() async throws {
        let repo = try TemporaryDirectory("scaffold")
        defer { repo.remove() }
        await #expect(try cli(["scaffold-module", "Checkout", "--output", "Sources/Checkout"], in: repo.url).status == 0)
        let folder = repo.url.appendingPathComponent("Sources/Checkout")
        let sources = ["Bundle+LocalizationBundle.swift", "CheckoutStrings.swift"].map { folder.appendingPathComponent($0) }
        // A caller in the module, so the helper's signatures are exercised too.
        let caller = try repo.write("Sources/Checkout/Caller.swift", """
            import Foundation

            enum Caller {
                static var title: String { CheckoutStrings.string("cart.title") }
                static func items(_ count: Int) -> String {
                    CheckoutStrings.format("cart.items", locale: Locale(identifier: "ru"), count)
                }
            }

            """)

        let compiled = try SwiftTypecheck.check(sources + [caller], moduleName: "Checkout")
        #expect(compiled.status == 0, "\(compiled.stderr)")
        #expect(compiled.stderr == "")

        let lint = try await cli(["lint-sources", "Sources"], in: repo.url)
        #expect(lint.status == 0)
        #expect(lint.stdout == "No findings in 3 Swift files.\n")
    }

    @Test func anExtensionNameWithSpacesGetsAnIdentifierAndTheMainFallback() async throws {
        let repo = try TemporaryDirectory("scaffold")
        defer { repo.remove() }

        let result = try await cli(["scaffold-module", "Widget Extension", "--output", "Widget Extension", "--fallback", "main"], in: repo.url)

        #expect(result.status == 0)
        #expect(result.stdout == """
            Wrote Widget Extension/Bundle+LocalizationBundle.swift
            Wrote Widget Extension/WidgetExtensionStrings.swift
            Wrote Widget Extension/.swiftlint.yml
            Pass bundle: .localizationBundle (or use WidgetExtensionStrings) in every lookup of the module.

            """)
        let folder = repo.url.appendingPathComponent("Widget Extension")
        let bundle = try String(contentsOf: folder.appendingPathComponent("Bundle+LocalizationBundle.swift"), encoding: .utf8)
        #expect(bundle.contains("        OTALocalizedString.bundle(for: \"Widget Extension\") ?? .main\n"))
    }

    @Test(arguments: [("Widget Extension", "main"), ("My \"Beta\" Café", "module"), ("2FA", "module")])
    func scaffoldedSourcesCompileForNamesThatAreNoIdentifiers(_ name: String, _ fallback: String) async throws {
        let repo = try TemporaryDirectory("scaffold")
        defer { repo.remove() }
        #expect(try await cli(["scaffold-module", name, "--output", "M", "--fallback", fallback], in: repo.url).status == 0)
        let folder = repo.url.appendingPathComponent("M")
        let sources = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
            .map { folder.appendingPathComponent($0) }
        let helper = try #require(sources.map(\.lastPathComponent).first { $0 != "Bundle+LocalizationBundle.swift" })
        let type = String(helper.dropLast(".swift".count))
        // A caller that passes the development text in code, as apps that keep English in Swift do.
        let caller = try repo.write("M/Caller.swift", """
            import Foundation

            enum Caller {
                static var title: String { \(type).string("cart.title", table: "Shop", value: "Your cart") }
                static func items(_ count: Int) -> String { \(type).format("cart.items", value: "%d items", count) }
            }

            """)

        let compiled = try SwiftTypecheck.check(sources + [caller], moduleName: "M", withModuleBundle: fallback == "module")

        #expect(sources.count == 2)
        #expect(compiled.status == 0, "\(compiled.stderr)")
        #expect(compiled.stderr == "")
    }

    @Test func aCopyWithABareLookupIsReportedByLintSources() async throws {
        let repo = try TemporaryDirectory("scaffold")
        defer { repo.remove() }
        await #expect(try cli(["scaffold-module", "Checkout", "--output", "Sources/Checkout"], in: repo.url).status == 0)
        let helper = repo.url.appendingPathComponent("Sources/Checkout/CheckoutStrings.swift")
        let text = try String(contentsOf: helper, encoding: .utf8)
        try (text + "let bare = NSLocalizedString(\"cart.title\", comment: \"\")\n").write(to: helper, atomically: true, encoding: .utf8)
        let line = text.components(separatedBy: "\n").count

        let lint = try await cli(["lint-sources", "Sources"], in: repo.url)

        #expect(lint.status == 1)
        #expect(lint.stdout == """
            Sources/Checkout/CheckoutStrings.swift:\(line):12: error: NSLocalizedString without a bundle: argument reads \
            Bundle.main, which over-the-air updates never reach; pass bundle: .localizationBundle [missing-bundle]
            1 finding in 1 file (2 Swift files checked).

            """)
    }
}
