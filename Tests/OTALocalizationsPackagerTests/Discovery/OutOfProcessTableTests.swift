import Foundation
import OTATestSupport
import Testing
@testable import OTALocalizationsPackager

/// Tables iOS reads outside the app's own `Bundle` lookups are not published, each with its reason:
/// - Interface Builder: Xcode gives `<language>.lproj/<Name>.strings` to `ibtool` with the storyboard or XIB
///   `<Name>` of the same folder (swift-build, `CompileXIB` with `--companion-strings-file en:…/en.lproj/foo.strings`
///   for `Base.lproj/foo.xib`); the nib loader reads them from the bundle holding the storyboard;
/// - intent definitions (Xcode copies `<Name>.intentdefinition` into the product for Siri and Shortcuts: swift-build
///   `Intents.xcspec`), and App Shortcut phrases (`AppShortcuts.strings`, swift-build
///   `AppShortcutStringsMetadata.xcspec`).
@Suite struct OutOfProcessTableTests {
    private func discover(_ repo: TemporaryDirectory) throws -> DiscoveryResult {
        try ModuleDiscovery.discover(repositoryRoot: repo.url, configuration: PackagerConfiguration())
    }

    @Test func tablesNamedAfterAStoryboardXibOrIntentDefinitionOfTheirFolderAreSkipped() throws {
        let repo = try TemporaryDirectory("ib")
        defer { repo.remove() }
        try repo.write("App/Base.lproj/Main.storyboard", "<document/>")
        try repo.write("App/Views/Cell.xib", "<document/>")
        try repo.write("App/Intents.intentdefinition", "<plist/>")
        try repo.write("App/fr.lproj/Main.strings", "\"2pk-oe-F9k.text\" = \"Bonjour\";")
        try repo.write("App/fr.lproj/Intents.strings", "\"0jWfGg\" = \"Ouvrir\";")
        try repo.write("App/fr.lproj/Localizable.strings", "\"a\" = \"b\";")
        try repo.write("App/Views/fr.lproj/Cell.strings", "\"x\" = \"y\";")
        try repo.write("App/de.lproj/AppShortcuts.strings", "\"Open ${applicationName}\" = \"Öffne ${applicationName}\";")
        try repo.write("App/AppShortcuts.xcstrings", "{}")

        let result = try discover(repo)

        #expect(result.modules.map(\.name) == ["App"])
        #expect(result.modules[0].tables.map(\.relativePath) == ["App/fr.lproj/Localizable.strings"])
        let reasons = Dictionary(uniqueKeysWithValues: result.skipped.map { ($0.path, $0.reason) })
        #expect(reasons["App/fr.lproj/Main.strings"] == "the table of Main.storyboard, which the nib loader reads from the bundle holding Main.storyboard, so an over-the-air copy never takes effect")
        #expect(reasons["App/Views/fr.lproj/Cell.strings"] == "the table of Cell.xib, which the nib loader reads from the bundle holding Cell.xib, so an over-the-air copy never takes effect")
        #expect(reasons["App/fr.lproj/Intents.strings"] == "the table of Intents.intentdefinition, which Siri and the Shortcuts app read from the app's own bundle, so an over-the-air copy never takes effect")
        #expect(reasons["App/de.lproj/AppShortcuts.strings"]?.hasPrefix("App Shortcut phrases") == true)
        #expect(reasons["App/AppShortcuts.xcstrings"]?.hasPrefix("App Shortcut phrases") == true)
    }

    @Test func aStoryboardInAnotherFolderDoesNotClaimATable() throws {
        let repo = try TemporaryDirectory("ib")
        defer { repo.remove() }
        try repo.write("Other/Base.lproj/Main.storyboard", "<document/>")
        try repo.write("App/fr.lproj/Main.strings", "\"title\" = \"Titre\";")
        let result = try discover(repo)
        #expect(result.modules.flatMap(\.tables).map(\.relativePath) == ["App/fr.lproj/Main.strings"])
    }

    @Test func orphanTablesAreRecognisedByTheirKeys() throws {
        // No storyboard or intent definition left in the repository: the keys tell.
        let repo = try TemporaryDirectory("orphans")
        defer { repo.remove() }
        try repo.write("App/en.lproj/Localizable.strings", "\"title\" = \"Title\";")
        try repo.write("App/fr.lproj/Localizable.strings", "\"title\" = \"Titre\";")
        try repo.write("App/fr.lproj/Settings.strings", "/* Class = \"UILabel\"; text = \"On\"; ObjectID = \"7VM-DV-W3e\"; */\n\"7VM-DV-W3e.text\" = \"Activé\";\n\"BYZ-38-t0r.segmentTitles[0]\" = \"Un\";")
        try repo.write("App/de.lproj/Settings.strings", "\"7VM-DV-W3e.text\" = \"An\";")
        try repo.write("Intent/fr.lproj/Intents.strings", "\"0jWfGg\" = \"Vérifier\";\n\"apSxMG-dYQ5NN\" = \"Il y a ${count} options\";")
        try repo.write("Intent/fr.lproj/Intents.stringsdict", "<plist><dict><key>There are ${count} options</key><string>x</string></dict></plist>")
        // mastodon's widget configuration intent: another name, generated IDs.
        try repo.write("Widget/fr.lproj/WidgetExtension.strings", "\"3d6HSO\" = \"Nom\";\n\"fovmPX\" = \"Comptes\";")
        // Six-letter words are no IDs of Xcode's: kept.
        try repo.write("Words/fr.lproj/Buttons.strings", "\"Cancel\" = \"Annuler\";\n\"Delete\" = \"Supprimer\";")
        try repo.write("App/fr.lproj/LaunchScreen.strings", "\n")
        try repo.write("App/de.lproj/LaunchScreen.strings", "/* nothing */")

        let discovered = try discover(repo)
        let load = try TableLoader.loadAll(discovered.modules)

        // "Intent" and "Widget" held only intent tables: they are no modules.
        #expect(load.modules.map(\.module.name) == ["App", "Words"])
        #expect(load.modules[0].tables.map(\.bundlePath) == ["en.lproj/Localizable.strings", "fr.lproj/Localizable.strings"])
        #expect(load.modules[0].module.tables.map(\.bundlePath) == ["en.lproj/Localizable.strings", "fr.lproj/Localizable.strings"])
        #expect(load.skipped.map(\.path) == [
            "App/de.lproj/LaunchScreen.strings", "App/de.lproj/Settings.strings", "App/fr.lproj/LaunchScreen.strings",
            "App/fr.lproj/Settings.strings", "Intent/fr.lproj/Intents.strings", "Intent/fr.lproj/Intents.stringsdict",
            "Widget/fr.lproj/WidgetExtension.strings",
        ])
        #expect(load.skipped[0].code == .noKeys && load.skipped[0].reason == SkipReason.noKeys.sentence)
        #expect(load.skipped[1].code == .interfaceBuilder && load.skipped[1].reason == SkipReason.interfaceBuilderKeys.sentence)
        #expect(load.skipped[4...5].allSatisfy { $0.code == .intentDefinition && $0.reason == SkipReason.intentKeys.sentence })
    }

    @Test func aTableWithOneOrdinaryKeyIsPublished() throws {
        let repo = try TemporaryDirectory("mixed")
        defer { repo.remove() }
        try repo.write("App/fr.lproj/Settings.strings", "\"7VM-DV-W3e.text\" = \"Activé\";\n\"settings.title\" = \"Réglages\";")
        try repo.write("App/fr.lproj/Intents.strings", "\"0jWfGg\" = \"x\";\n\"Cancel the order\" = \"Annuler\";")
        let load = try TableLoader.loadAll(try discover(repo).modules)
        #expect(load.skipped.isEmpty)
        #expect(load.modules.flatMap(\.tables).count == 2)
    }

    @Test func keyShapes() {
        for key in ["2pk-oe-F9k.text", "7VM-DV-W3e.normalTitle", "BYZ-38-t0r.segmentTitles[0]", "abc-12-XYZ.accessibilityLabel"] {
            #expect(ContentSkips.isObjectIDKey(key), "\(key)")
        }
        for key in ["2pk-oe-F9k", "2pk-oe-F9k.", "2pk-oe-F9k.9x", "2pk-oeX-F9k.text", "settings.title", "2pk oe F9k.text"] {
            #expect(!ContentSkips.isObjectIDKey(key), "\(key)")
        }
        for key in ["0jWfGg", "apSxMG-dYQ5NN", "CsR7G2"] { #expect(ContentSkips.isIntentID(key), "\(key)") }
        for key in ["0jWfG", "Cancel order", "apSxMG-", "${count}"] { #expect(!ContentSkips.isIntentID(key), "\(key)") }
    }

    @Test func packageSaysWhyNothingIsLeftToPublish() throws {
        let repo = try TemporaryDirectory("only-ib")
        let out = try TemporaryDirectory("out")
        defer { repo.remove(); out.remove() }
        try repo.write("App/fr.lproj/Main.strings", "\"2pk-oe-F9k.text\" = \"Bonjour\";")
        let error = #expect(throws: PackagerError.self) {
            try Packager.package(PackageOptions(repositoryRoot: repo.url, appVersion: "1.0", outputDirectory: out.url, publishedAt: Date()))
        }
        #expect(error?.code == .nothingToPackage)
        #expect(error?.reason.contains("every table found is one iOS reads outside the app's own lookups") == true)
    }
}
