import Foundation
import Testing

#if canImport(Darwin)
import OTALocalizations
import OTATestSupport

/// Apple's own `Bundle` on bundles the real packager published and the real service installed: each test checks
/// the rows of docs/apple-platform.md it names. Lookups go through the three APIs the design supports:
/// `NSLocalizedString`, `Bundle.localizedString(forKey:value:table:)` and `String(localized:table:bundle:)`.
///
/// Expected values come from the rows' sources (Apple's documentation and code, CLDR), never from this package.
/// One test at a time: the read side's cache is process-wide.
@Suite(.serialized) @MainActor struct AppleBundleBehaviourTests {
    /// `key` looked up in `bundle` through each of the three APIs, in that order.
    private func lookups(_ key: String, table: String? = nil, in bundle: Bundle) -> [String] {
        [
            NSLocalizedString(key, tableName: table, bundle: bundle, comment: ""),
            bundle.localizedString(forKey: key, value: nil, table: table),
            String(localized: String.LocalizationValue(key), table: table, bundle: bundle),
        ]
    }

    private func three(_ text: String) -> [String] { [text, text, text] }

    /// The `.lproj` folder `localization` of an installed bundle, opened as a bundle of its own: its tables are at
    /// its root, so its lookups read that localization only, whatever language this process prefers (F4, F8).
    private func localizationFolder(_ localization: String, of bundle: Bundle) throws -> Bundle {
        try #require(Bundle(url: bundle.bundleURL.appendingPathComponent("\(localization).lproj", isDirectory: true)))
    }

    /// Publishes one module with a `Localizable.strings` holding `greeting` per localization, installs it and
    /// returns the installed bundle.
    private func installGreetings(
        _ module: String, _ greetings: KeyValuePairs<String, String>, in publication: Publication
    ) async throws -> Bundle {
        for (localization, greeting) in greetings {
            try publication.write(module: module, "\(localization).lproj/Localizable.strings",
                                  Publication.strings(["greeting": greeting]))
        }
        try publication.package()
        let report = try await publication.sync()
        #expect(report.manifest == .updated && report.failed == 0, "\(report.jsonText())")
        return try #require(publication.installedBundles([module])[module])
    }

    // MARK: L: which localization

    @Test func L1_L5_L12_frCAWithEnAndFrChoosesFr() async throws {
        let publication = try Publication()
        defer { publication.remove() }
        let bundle = try await installGreetings("LanguageFR", ["en": "Hello", "fr": "Bonjour"], in: publication)

        // L1: what the installed bundle offers is its .lproj folders.
        #expect(Set(bundle.localizations) == ["en", "fr"])
        // L5, L12: fr_CA's parent chain is fr_CA → fr, so fr is the pick.
        #expect(Bundle.preferredLocalizations(from: bundle.localizations, forPreferences: ["fr-CA"]) == ["fr"])
        #expect(lookups("greeting", in: try localizationFolder("fr", of: bundle)) == three("Bonjour"))
        if #available(macOS 15.4, iOS 18.4, tvOS 18.4, watchOS 11.4, visionOS 2.4, *) {
            // S6: the same choice made by the lookup itself for a caller's language list.
            let value = bundle.localizedString(
                forKey: "greeting", value: nil, table: nil, localizations: [Locale.Language(identifier: "fr-CA")])
            #expect(value == "Bonjour")
        }
    }

    @Test func L6_enSVWithEnAndEnAUChoosesEnInEitherOrder() async throws {
        let publication = try Publication()
        defer { publication.remove() }
        let bundle = try await installGreetings("LanguageEN", ["en": "Hello", "en-AU": "G'day"], in: publication)

        #expect(Set(bundle.localizations) == ["en", "en-AU"])
        // L6: en meets en_SV's chain (en_SV → en_001 → en) at score 2, en_AU only at 4; en_AU is no fallback of en.
        #expect(Bundle.preferredLocalizations(from: ["en", "en-AU"], forPreferences: ["en-SV"]) == ["en"])
        #expect(Bundle.preferredLocalizations(from: ["en-AU", "en"], forPreferences: ["en-SV"]) == ["en"])
        #expect(Bundle.preferredLocalizations(from: bundle.localizations, forPreferences: ["en-SV"]) == ["en"])
        #expect(lookups("greeting", in: try localizationFolder("en", of: bundle)) == three("Hello"))
        if #available(macOS 15.4, iOS 18.4, tvOS 18.4, watchOS 11.4, visionOS 2.4, *) {
            let value = bundle.localizedString(
                forKey: "greeting", value: nil, table: nil, localizations: [Locale.Language(identifier: "en-SV")])
            #expect(value == "Hello")
        }
    }

    @Test func L9_ptPTWithOnlyPtBRChoosesPtBROnlyWhenNothingElseMatches() async throws {
        let publication = try Publication()
        defer { publication.remove() }
        let bundle = try await installGreetings("LanguagePT", ["en": "Hello", "pt-BR": "Olá"], in: publication)

        #expect(Set(bundle.localizations) == ["en", "pt-BR"])
        // L9: a pt-PT preference meeting pt_BR is kept aside and used only when no preferred language matches.
        #expect(Bundle.preferredLocalizations(from: bundle.localizations, forPreferences: ["pt-PT"]) == ["pt-BR"])
        #expect(Bundle.preferredLocalizations(from: bundle.localizations, forPreferences: ["pt-PT", "en"]) == ["en"])
        #expect(lookups("greeting", in: try localizationFolder("pt-BR", of: bundle)) == three("Olá"))
    }

    // MARK: F: a table and a key

    @Test func F1_F2_L5_aMissingTableComesFromTheDevelopmentRegionAndAMissingKeyIsTheKey() async throws {
        // Given: the language a live bundle offering en and fr shows in this process (L2, L12), and a module whose
        // development region is the other one. The chosen folder lacks the Payment table and the key farewell.
        let chosen = Bundle.preferredLocalizations(from: ["en", "fr"]).first == "fr" ? "fr" : "en"
        let developmentRegion = chosen == "fr" ? "en" : "fr"
        let publication = try Publication(developmentRegion: developmentRegion)
        defer { publication.remove() }
        try publication.write(module: "Fallback", "\(chosen).lproj/Localizable.strings",
                              Publication.strings(["greeting": "\(chosen) greeting"]))
        try publication.write(module: "Fallback", "\(developmentRegion).lproj/Localizable.strings",
                              Publication.strings(["greeting": "\(developmentRegion) greeting",
                                                   "farewell": "\(developmentRegion) farewell"]))
        try publication.write(module: "Fallback", "\(developmentRegion).lproj/Payment.strings",
                              Publication.strings(["payment.title": "\(developmentRegion) payment"]))
        try publication.package()
        let report = try await publication.sync()
        #expect(report.manifest == .updated && report.failed == 0, "\(report.jsonText())")
        let bundle = try #require(publication.installedBundles(["Fallback"])["Fallback"])
        try #require(bundle.preferredLocalizations.first == chosen,
                     "this process's languages match neither en nor fr, so the bundle shows its development region")
        #expect(bundle.developmentLocalization == developmentRegion)

        // Then: the chosen table wins where it has the key.
        #expect(lookups("greeting", in: bundle) == three("\(chosen) greeting"))
        // F1, L5: a table the chosen localization lacks comes whole from the development region.
        #expect(lookups("payment.title", table: "Payment", in: bundle) == three("\(developmentRegion) payment"))
        // F2: a key missing from a present table is the key itself (or the value given); no other .lproj is read.
        #expect(lookups("farewell", in: bundle) == three("farewell"))
        #expect(bundle.localizedString(forKey: "farewell", value: "Goodbye", table: nil) == "Goodbye")
    }

    // MARK: P: plural forms

    /// CLDR's category for each number, from docs/apple-platform.md P5 (CLDR `plurals.xml`).
    static let cldrCategories: [String: [Int: String]] = [
        "ru": [0: "many", 1: "one", 2: "few", 5: "many", 11: "many", 21: "one", 22: "few", 25: "many", 100: "many"],
        "pl": [0: "many", 1: "one", 2: "few", 5: "many", 11: "many", 21: "many", 22: "few", 25: "many", 100: "many"],
        "ar": [0: "zero", 1: "one", 2: "two", 5: "few", 11: "many", 21: "many", 22: "many", 25: "many", 100: "other"],
    ]

    @Test func P1_P5_P6_pluralFormsForRuPlAndArFollowCLDRForTheGivenLocale() async throws {
        // Given: one .stringsdict per language whose forms are the category names, so the text is the category.
        let publication = try Publication()
        defer { publication.remove() }
        let categories = ["en": ["one", "other"], "ru": ["one", "few", "many", "other"],
                          "pl": ["one", "few", "many", "other"], "ar": ["zero", "one", "two", "few", "many", "other"]]
        for (language, names) in categories {
            let forms = Dictionary(uniqueKeysWithValues: names.map { ($0, $0) })
            try publication.write(module: "Plurals", "\(language).lproj/Localizable.stringsdict",
                                  Publication.pluralStringsDict(key: "items", forms: forms))
        }
        try publication.package()
        let report = try await publication.sync()
        #expect(report.manifest == .updated && report.failed == 0, "\(report.jsonText())")
        let bundle = try #require(publication.installedBundles(["Plurals"])["Plurals"])

        for (language, expected) in Self.cldrCategories.sorted(by: { $0.key < $1.key }) {
            let folder = try localizationFolder(language, of: bundle)
            let locale = Locale(identifier: language)
            // P1: NSLocalizedString and Bundle return the entry as a format; P6: the locale passed picks the rules.
            let formats = [
                NSLocalizedString("items", bundle: folder, comment: ""),
                folder.localizedString(forKey: "items", value: nil, table: nil),
            ]
            for (number, category) in expected.sorted(by: { $0.key < $1.key }) {
                for format in formats {
                    #expect(String(format: format, locale: locale, number) == category, "\(language) \(number)")
                }
            }
        }
    }

    @Test func P2_aStringsdictEntryWinsOverTheSameKeyInStrings() async throws {
        let publication = try Publication()
        defer { publication.remove() }
        try publication.write(module: "Merged", "en.lproj/Localizable.strings",
                              Publication.strings(["count": "count from strings", "plain": "plain from strings"]))
        try publication.write(module: "Merged", "en.lproj/Localizable.stringsdict",
                              Publication.pluralStringsDict(key: "count", forms: ["one": "one from stringsdict",
                                                                                  "other": "other from stringsdict"]))
        try publication.package()
        let report = try await publication.sync()
        #expect(report.manifest == .updated && report.failed == 0, "\(report.jsonText())")
        let bundle = try #require(publication.installedBundles(["Merged"])["Merged"])
        let english = Locale(identifier: "en")

        let format = NSLocalizedString("count", bundle: bundle, comment: "")
        #expect(String(format: format, locale: english, 1) == "one from stringsdict")
        #expect(String(format: format, locale: english, 2) == "other from stringsdict")
        // Every other key of the .strings file stays.
        #expect(lookups("plain", in: bundle) == three("plain from strings"))
    }

    // MARK: C: caching per path

    @Test func C1_C2_C5_aNewContentAddressedPathGivesNewTextARewrittenPathDoesNot() async throws {
        // Given: version 1 installed and read once (its Localizable table is now loaded; Extra is not).
        let publication = try Publication()
        defer { publication.remove() }
        try publication.write(module: "Cached", "en.lproj/Localizable.strings", Publication.strings(["greeting": "Hello v1"]))
        try publication.write(module: "Cached", "en.lproj/Extra.strings", Publication.strings(["extra": "Extra v1"]))
        try publication.package(secondsAgo: 600)
        let first = try await publication.sync()
        #expect(first.manifest == .updated && first.failed == 0, "\(first.jsonText())")
        let old = try #require(publication.installedBundles(["Cached"])["Cached"])
        #expect(lookups("greeting", in: old) == three("Hello v1"))

        // When: the files under that path are rewritten in place (what the installer never does).
        let tables = old.bundleURL.appendingPathComponent("en.lproj", isDirectory: true)
        try Data(Publication.strings(["greeting": "Hello rewritten"]).utf8).write(to: tables.appendingPathComponent("Localizable.strings"))
        try Data(Publication.strings(["extra": "Extra rewritten"]).utf8).write(to: tables.appendingPathComponent("Extra.strings"))

        // Then: C1, C2: the same path gives the same bundle with its loaded table; C5: a table never loaded shows the
        // new file, so old and new text mix.
        let reopened = try #require(Bundle(url: old.bundleURL))
        #expect(lookups("greeting", in: reopened) == three("Hello v1"))
        #expect(lookups("greeting", in: old) == three("Hello v1"))
        #expect(lookups("extra", table: "Extra", in: old) == three("Extra rewritten"))

        // When: version 2 is published and installed: a new ZIP, so a new content-addressed folder.
        try publication.write(module: "Cached", "en.lproj/Localizable.strings", Publication.strings(["greeting": "Hello v2"]))
        try publication.package(secondsAgo: 60)
        let second = try await publication.sync()
        #expect(second.manifest == .updated && second.updated == 1, "\(second.jsonText())")
        let new = try #require(publication.installedBundles(["Cached"])["Cached"])

        // Then: C5: the new path is a new bundle that reads everything fresh.
        #expect(new.bundleURL.standardizedFileURL != old.bundleURL.standardizedFileURL)
        #expect(lookups("greeting", in: new) == three("Hello v2"))
        #expect(lookups("extra", table: "Extra", in: new) == three("Extra v1"))
    }

    // MARK: O: an in-app language override

    @Test func O1_O3_anOverrideShowsItsLanguageFromRootTablesWithMissingKeysFilled() async throws {
        // Given: an embedded bundle in en (the development region) and fr, whose table lacks one key, with a French
        // plural rule whose forms are the category names.
        let embeddedFolder = try TemporaryDirectory("embedded-override")
        defer { embeddedFolder.remove() }
        try embeddedFolder.write("Info.plist", BundleFixtures.infoPlist)
        try embeddedFolder.write("en.lproj/Localizable.strings", Publication.strings(["greeting": "Hello", "farewell": "Goodbye"]))
        try embeddedFolder.write("fr.lproj/Localizable.strings", Publication.strings(["greeting": "Bonjour"]))
        try embeddedFolder.write("fr.lproj/Localizable.stringsdict",
                                 Publication.pluralStringsDict(key: "items", forms: ["one": "one", "many": "many", "other": "other"]))
        let embedded = try #require(Bundle(url: embeddedFolder.url))
        let storage = try TemporaryDirectory("override-storage")
        defer { storage.remove() }
        OTALocalizedString.setLanguageOverride("fr")
        defer { OTALocalizedString.setLanguageOverride(nil); OTALocalizedString.clearBundleCache() }

        // When: a launch's load, then the module's one line (docs/integration.md, "An in-app language").
        OTALocalizedString.loadBundlesFromDisk(storageRoot: storage.url, appVersion: Publication.appVersion)
        let bundle = OTALocalizedString.bundle(for: "Override", embedded: embedded)

        // Then: O1: French from the root tables, whatever this process's language; the key French lacks in English
        // (the merge filled it: F2 has no per-key fallback), never the key.
        #expect(lookups("greeting", in: bundle) == three("Bonjour"))
        #expect(lookups("farewell", in: bundle) == three("Goodbye"))
        // O3: the plural form follows the locale the string is formatted with: 0 is `one` in French, `other` in English.
        let format = bundle.localizedString(forKey: "items", value: nil, table: nil)
        #expect(String(format: format, locale: Locale(identifier: "fr"), 0) == "one")
        #expect(String(format: format, locale: Locale(identifier: "en"), 0) == "other")
    }

    // MARK: The kill switch

    @Test func S1_theKillSwitchFallsBackToTheEmbeddedBundleAtTheNextLookup() async throws {
        // Given: an embedded bundle (what `.module` is in a feature module) and an installed over-the-air copy.
        let embeddedFolder = try TemporaryDirectory("embedded")
        defer { embeddedFolder.remove() }
        try embeddedFolder.write("Info.plist", BundleFixtures.infoPlist)
        try embeddedFolder.write("en.lproj/Localizable.strings", Publication.strings(["greeting": "Hello (embedded)"]))
        let embedded = try #require(Bundle(url: embeddedFolder.url))
        let publication = try Publication()
        defer { publication.remove() }
        try publication.write(module: "KillSwitch", "en.lproj/Localizable.strings",
                              Publication.strings(["greeting": "Hello (over the air)"]))
        try publication.package()
        let report = try await publication.sync()
        #expect(report.manifest == .updated && report.failed == 0, "\(report.jsonText())")
        // The module's one line (docs/integration.md, step 1): asked at every lookup, never stored.
        var localizationBundle: Bundle { OTALocalizedString.bundle(for: "KillSwitch") ?? embedded }

        // When/Then, in one turn of the main actor: the installed copy, then the kill switch's first step.
        OTALocalizedString.loadBundlesFromDisk(storageRoot: publication.storage.url, appVersion: Publication.appVersion)
        #expect(lookups("greeting", in: localizationBundle) == three("Hello (over the air)"))
        OTALocalizedString.clearBundleCache()
        #expect(lookups("greeting", in: localizationBundle) == three("Hello (embedded)"))

        // When: its second step deletes every bundle; Then: what holds no text stays (the install ID and the
        // anti-rollback record, `OTAStorageLayout.keptByDeletion`, as on Linux), and the next launch has nothing to
        // load either.
        await publication.service.deleteAllBundles()
        #expect(try FileManager.default.contentsOfDirectory(atPath: publication.storage.path).sorted()
            == [OTAStorageLayout.antiRollbackFileName, OTAStorageLayout.installIDFileName])
        OTALocalizedString.loadBundlesFromDisk(storageRoot: publication.storage.url, appVersion: Publication.appVersion)
        #expect(lookups("greeting", in: localizationBundle) == three("Hello (embedded)"))
        OTALocalizedString.clearBundleCache()
    }
}
#else
/// The Apple-behaviour suite needs Apple's Foundation; this placeholder says so in the test report.
@Suite struct AppleBundleBehaviourTests {
    @Test(.disabled("Apple's Bundle behaviour (docs/apple-platform.md L, F, P, C rows) is checked only where Apple's Foundation runs: swift test on macOS (the macOS CI job). Linux Foundation does not negotiate languages and crashes on .stringsdict lookups (rows X1, X3)."))
    func runsOnlyWithApplesFoundation() {}
}
#endif
