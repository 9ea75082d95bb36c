import Foundation
import OTALocalizationsCore
import Testing
@testable import OTALocalizationsValidation

/// A translation that leaves out the development value's last arguments is a warning of its own; one that leaves
/// out an argument others follow, or reads another type, stays an error (docs/validation.md, "Arguments left out").
@Suite struct TrailingOmissionTests {
    typealias F = ValidationFixtures

    private func findings(_ development: String, _ translation: String) -> [ValidationDiagnostic] {
        F.validate([
            F.strings("en.lproj/Localizable.strings", [("k", development)]),
            F.strings("cs.lproj/Localizable.strings", [("k", translation)]),
        ])
    }

    @Test func foundationIgnoresArgumentsAFormatDoesNotReadAndShiftsAfterAGap() {
        // The rule's ground: String(format:) with an argument the format does not read shows the rest unchanged,
        // while a format that drops the first of two objects shows the first argument where the second belonged.
        #expect(String(format: "Smazat?", "photo.jpg") == "Smazat?")
        #expect(String(format: "%@ hat Dateien", "Anna", 3) == "Anna hat Dateien")
        #expect(String(format: "und %@", "A", "B") == "und A")
    }

    @Test func droppingTheOnlyArgumentIsATrailingOmissionWarning() {
        let found = findings("Delete %@?", "Smazat?")
        #expect(found.map(\.code) == [.trailingArgumentOmitted])
        #expect(found.first?.severity == .warning)
        #expect(found.first?.value == "Smazat?")
        #expect(found.first?.message == "\"k\": the translation does not read argument 1 ('%@'), the last one that en reads (\"Delete %@?\"); String(format:) ignores arguments a format does not read, so nothing shifts and nothing crashes, but users of cs do not see that value. Add it if the sentence needs it.")
    }

    @Test func droppingTheLastArgumentsWhoseTypesTellThemApartIsAWarning() {
        #expect(findings("%@ has %d files", "%@ hat Dateien").map(\.code) == [.trailingArgumentOmitted])
        #expect(findings("%@ sent %d files to %@", "%@ odeslal %d souborů").map(\.code) == [.trailingArgumentOmitted])
        let two = findings("%d files for %@ from %@", "%d souborů")
        #expect(two.map(\.code) == [.trailingArgumentOmitted])
        #expect(two.first?.message.contains("does not read arguments 2 to 3 ('%@', '%@'), the last ones that en reads") == true)
        // Numbered: the translation names what it reads, so nothing can have shifted.
        #expect(findings("%@ and %@", "%1$@ a další").map(\.code) == [.trailingArgumentOmitted])
    }

    @Test func droppingAnArgumentOthersFollowStaysAnError() {
        // Either %@ may be the one dropped: without %n$ the kept one now reads the first argument.
        #expect(findings("%@ and %@", "a %@").map(\.code) == [.formatSpecifierMismatch])
        // A gap in numbered arguments.
        #expect(findings("Go to %1$@ > %2$@", "Jděte na %2$@").map(\.code) == [.formatSpecifierMismatch])
        // A changed type, and a literal percent sign that reads a pointer.
        #expect(findings("%d files", "%@ souborů").map(\.code) == [.formatSpecifierMismatch])
        #expect(findings("%@ posts", "% publicacions").map(\.code) == [.formatSpecifierMismatch])
        // A full-width percent sign and Qt's %1 read nothing but show "％ld" and "%1" as text.
        #expect(findings("Importing item %ld of %ld", "導入％ld的項目％ld").map(\.code) == [.formatSpecifierMismatch])
        #expect(findings("You and %ld more joined", "Ви та ще %1 приєдналися").map(\.code) == [.formatSpecifierMismatch])
        #expect(findings("Importing item %ld of %ld", "استيراد العنصر ٪ ld من ٪ ld").map(\.code) == [.formatSpecifierMismatch])
        #expect(findings("%@ and %@", "a %@").first?.severity == .error)
    }

    @Test func aStringsDictFormatThatDropsItsLastArgumentIsAWarning() {
        let development = F.plural("%#@files@ in %@", variable: "files", forms: ["one": "%d file", "other": "%d files"])
        let trailing = F.plural("%#@files@", variable: "files", forms: ["one": "%d soubor", "few": "%d soubory", "many": "%d souboru", "other": "%d souborů"])
        let found = F.validate([
            F.stringsDict("en.lproj/Localizable.stringsdict", ["k": development]),
            F.stringsDict("cs.lproj/Localizable.stringsdict", ["k": trailing]),
        ])
        #expect(found.map(\.code) == [.trailingArgumentOmitted])
        #expect(found.first?.line == 10)
    }

    @Test func aStringsDictFormatWhoseKeptVariableReadsAnEarlierArgumentStaysAnError() {
        // Two counts of one type: "%#@mutual@" alone reads the first count, the one meant for "names".
        let development: PropertyListValue = .dictionary([
            "NSStringLocalizedFormatKey": .string("%#@names@%#@mutual@"),
            "names": .dictionary(["NSStringFormatSpecTypeKey": .string("NSStringPluralRuleType"),
                                  "NSStringFormatValueTypeKey": .string("ld"), "other": .string("")]),
            "mutual": .dictionary(["NSStringFormatSpecTypeKey": .string("NSStringPluralRuleType"),
                                   "NSStringFormatValueTypeKey": .string("ld"), "one": .string("one mutual"),
                                   "other": .string("%ld mutuals")]),
        ])
        let translation = F.plural("%#@mutual@", variable: "mutual", valueType: "ld",
                                   forms: ["one": "%ld společný", "few": "%ld společní", "many": "%ld společných", "other": "%ld společných"])
        let found = F.validate([
            F.stringsDict("en.lproj/Localizable.stringsdict", ["k": development]),
            F.stringsDict("cs.lproj/Localizable.stringsdict", ["k": translation]),
        ]).filter { $0.localization == "cs" }
        #expect(found.map(\.code) == [.formatSpecifierMismatch])
    }
}
