import Foundation
import OTATestSupport
import Testing

/// `lint-sources` on a tree of generated accessors: one finding per generated file or setting, exact output.
@Suite struct LintSourcesGeneratedCommandTests {
    /// An app with SwiftGen, R.swift and Xcode's String Catalog symbols, none routed through the over-the-air bundle.
    private func makeRepository() throws -> TemporaryDirectory {
        let repo = try TemporaryDirectory("lint-generated")
        try repo.write("App.xcodeproj/project.pbxproj", """
            // !$*UTF8*$!
            {
            \tbuildSettings = {
            \t\tSTRING_CATALOG_GENERATE_SYMBOLS = YES;
            \t};
            }

            """)
        try repo.write("Checkout/swiftgen.yml", """
            strings:
              inputs: Resources/en.lproj
              outputs:
                - templateName: structured-swift5
                  output: Generated/Strings.swift

            """)
        try repo.write("Checkout/Generated/Strings.swift", """
            // Generated using SwiftGen — https://github.com/SwiftGen/SwiftGen
            import Foundation
            internal enum L10n {
              internal static let payNow = L10n.tr("Checkout", "pay.now", fallback: "Pay now")
              internal static let cancel = L10n.tr("Checkout", "cancel", fallback: "Cancel")
            }
            extension L10n {
              private static func tr(_ table: String, _ key: String, _ args: CVarArg..., fallback value: String) -> String {
                let format = BundleToken.bundle.localizedString(forKey: key, value: value, table: table)
                return String(format: format, locale: Locale.current, arguments: args)
              }
            }
            private final class BundleToken {
              static let bundle = Bundle(for: BundleToken.self)
            }

            """)
        try repo.write("Profile/R.generated.swift", """
            // This is a generated file, do not edit!
            import Foundation
            struct R {
              fileprivate static let hostingBundle = Bundle(for: R.Class.self)
              struct string {
                static func name() -> String { NSLocalizedString("name", bundle: hostingBundle, comment: "") }
              }
              fileprivate class Class {}
            }

            """)
        try repo.write("Settings/GeneratedStringSymbols_Settings.swift", """
            import Foundation
            extension LocalizedStringResource {
                static var title: LocalizedStringResource {
                    LocalizedStringResource("title", defaultValue: "Settings", table: "Settings", bundle: .atURL(Bundle.module.bundleURL))
                }
            }

            """)
        return repo
    }

    @Test func eachGeneratedFileOrSettingIsOneFinding() async throws {
        let repo = try makeRepository()
        defer { repo.remove() }

        let result = try await ExternalTool.run(TestPaths.cliExecutable.path, ["lint-sources", "App.xcodeproj", "Checkout", "Profile", "Settings"], currentDirectory: repo.url)

        #expect(result.status == 1)
        #expect(result.stdout == """
            App.xcodeproj/project.pbxproj:4:3: error: STRING_CATALOG_GENERATE_SYMBOLS = YES makes symbols that resolve \
            in the embedded bundle, which over-the-air updates never reach; set it to NO for targets whose strings are \
            updated over the air and look them up with bundle: .localizationBundle [string-catalog-symbols]
            Checkout/Generated/Strings.swift:9:18: error: SwiftGen's tr looks every generated string up in \
            BundleToken.bundle, the embedded bundle over-the-air updates never reach; set params: { bundle: \
            Bundle.localizationBundle } on its strings output in swiftgen.yml [swiftgen-bundle]
            Checkout/swiftgen.yml:4:5: error: this SwiftGen strings output has no bundle param set to \
            Bundle.localizationBundle, so its accessors read the embedded bundle over-the-air updates never reach; \
            add params: { bundle: Bundle.localizationBundle } [swiftgen-bundle]
            Profile/R.generated.swift:4:26: error: R.swift's string accessors read the bundle fixed at generation, \
            which over-the-air updates never reach; use an _R(bundle: .localizationBundle) instance for strings \
            (docs/integration.md, R.swift) [rswift-bundle]
            Settings/GeneratedStringSymbols_Settings.swift:4:9: error: Xcode's generated String Catalog symbols \
            resolve in the target's embedded bundle, which over-the-air updates never reach, and no setting points \
            them elsewhere; turn STRING_CATALOG_GENERATE_SYMBOLS off for this module and look its strings up with \
            bundle: .localizationBundle [string-catalog-symbols]
            5 findings in 5 files (3 Swift files checked).

            """)
        #expect(result.stderr == "")
    }

    @Test func theDocumentedFixesAreClean() async throws {
        let repo = try makeRepository()
        defer { repo.remove() }
        try repo.write("App.xcodeproj/project.pbxproj", "{\n\tSTRING_CATALOG_GENERATE_SYMBOLS = NO;\n}\n")
        try repo.write("Checkout/swiftgen.yml", """
            strings:
              inputs: Resources/en.lproj
              outputs:
                - templateName: structured-swift5
                  params:
                    bundle: Bundle.localizationBundle
                  output: Generated/Strings.swift

            """)
        try repo.write("Checkout/Generated/Strings.swift", """
            import Foundation
            extension L10n {
              private static func tr(_ table: String, _ key: String, _ args: CVarArg..., fallback value: String) -> String {
                let format = Bundle.localizationBundle.localizedString(forKey: key, value: value, table: table)
                return String(format: format, locale: Locale.current, arguments: args)
              }
            }

            """)
        try repo.write("Profile/R.generated.swift", "let strings = _R(bundle: .localizationBundle)\n")
        // Symbols off: Xcode writes no symbols file, and the module looks its strings up itself.
        try FileManager.default.removeItem(at: repo.url.appendingPathComponent("Settings/GeneratedStringSymbols_Settings.swift"))
        try repo.write("Settings/SettingsStrings.swift", """
            import Foundation
            enum SettingsStrings {
                static var title: String { String(localized: "title", table: "Settings", bundle: .localizationBundle) }
                static var resource: LocalizedStringResource {
                    LocalizedStringResource("title", table: "Settings", bundle: .atURL(Bundle.localizationBundle.bundleURL))
                }
            }

            """)

        let result = try await ExternalTool.run(TestPaths.cliExecutable.path, ["lint-sources", "App.xcodeproj", "Checkout", "Profile", "Settings"], currentDirectory: repo.url)

        #expect(result.stdout == "No findings in 3 Swift files.\n")
        #expect(result.status == 0)
    }
}
