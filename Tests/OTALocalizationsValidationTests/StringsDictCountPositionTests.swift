import OTALocalizationsCore
import Testing
@testable import OTALocalizationsValidation

/// A variable reads the argument at its position (`%#@COUNT@` reads argument 1; `%2$#@COUNT@` argument 2: IEEE Std
/// 1003.1 `%n$`, Apple "Stringsdict File Format"), and iOS chooses the plural form by that argument. Element X writes
/// `%#@COUNT@` with forms `%1$@ … %2$d`: the name is argument 1 and the count argument 2.
@Suite struct StringsDictCountPositionTests {
    typealias F = ValidationFixtures

    private func entry(_ format: String, _ forms: [String: String]) -> [String: PropertyListValue] {
        ["a11y_read_receipts_multiple_with_others": F.plural(format, variable: "COUNT", forms: forms)]
    }

    private let elementX = ["one": "Previous message read by %1$@ and %2$d other", "other": "Previous message read by %1$@ and %2$d others"]

    private func mismatches(_ files: [ValidationInput.File]) -> [ValidationDiagnostic] {
        F.validate(files).filter { $0.code == .stringsDictSpecifierMismatch }
    }

    @Test func theFixIsTheVariablesPositionNotTheFormsConversion() throws {
        let found = mismatches([F.stringsDict("en.lproj/Localizable.stringsdict", entry("%#@COUNT@", elementX))])
        #expect(found.count == 1)
        let finding = try #require(found.first)
        #expect(finding.keyPath == "COUNT" && finding.severity == .error)
        #expect(finding.messageWithoutExplanation == "\"a11y_read_receipts_multiple_with_others\": The rule \"COUNT\" takes its number from argument 1 (NSStringFormatValueTypeKey \"d\", int32), but its forms \"one\", \"other\" read argument 1 as object (%1$@) and the count as argument 2 (%2$d). Write %2$#@COUNT@ where the entry refers to the variable (%#@COUNT@ in NSStringLocalizedFormatKey) and keep the forms as they are.")
        #expect(!finding.message.contains("use the same conversion"))
        // Written as suggested, the entry is right.
        #expect(mismatches([F.stringsDict("en.lproj/Localizable.stringsdict", entry("%2$#@COUNT@", elementX))]).isEmpty)
    }

    @Test func formsThatNeverReadTheCountGetTheFixAsAnAssumption() throws {
        let typing = ["one": "%1$@ is typing", "other": "%1$@ are typing"]
        let finding = try #require(mismatches([F.stringsDict("en.lproj/Localizable.stringsdict", entry("%#@COUNT@", typing))]).first)
        #expect(finding.message.contains("read argument 1 as object (%1$@) and never read the count. If the app passes the count as argument 2, write %2$#@COUNT@"))
    }

    @Test func aMistakeCopiedFromTheDevelopmentEntryIsReportedOnceThere() throws {
        let german = ["one": "Vorherige Nachricht gelesen von %1$@ und %2$d weiteren", "other": "Vorherige Nachricht gelesen von %1$@ und %2$d weiteren"]
        let found = mismatches([
            F.stringsDict("en.lproj/Localizable.stringsdict", entry("%#@COUNT@", elementX)),
            F.stringsDict("de.lproj/Localizable.stringsdict", entry("%#@COUNT@", german)),
            F.stringsDict("fr.lproj/Localizable.stringsdict", entry("%#@COUNT@", elementX)),
            // A mistake of its own: reported in its own file.
            F.stringsDict("it.lproj/Localizable.stringsdict", entry("%#@COUNT@", ["one": "%s e %2$d altro", "other": "%1$@ e %2$d altri"])),
        ])
        // it's `%s` is no positional read: each of its forms is reported on its own.
        #expect(found.map(\.localization) == ["en", "it", "it"])
        #expect(found.map(\.keyPath) == ["COUNT", "COUNT/one", "COUNT/other"])
        #expect(found[0].message.contains("The same mistake in 2 translations (de, fr) is not reported separately"))
        // The explanation stays last, so text output can print it once.
        #expect(found[0].message.hasSuffix(try #require(found[0].explanation)))
    }

    @Test func aFormMistakeCopiedFromTheDevelopmentEntryIsReportedOnceToo() {
        let forms = ["one": "%d file", "other": "%@ files"]
        let found = mismatches([
            F.stringsDict("en.lproj/Localizable.stringsdict", ["files": F.plural(forms: forms)]),
            F.stringsDict("de.lproj/Localizable.stringsdict", ["files": F.plural(forms: ["one": "%d Datei", "other": "%@ Dateien"])]),
        ])
        #expect(found.map(\.localization) == ["en"])
        #expect(found.map(\.keyPath) == ["count/other"])
        #expect(found[0].message.contains("The same mistake in 1 translation (de)"))
    }
}

/// A translation tool that cut `%arg` to `%a` leaves printf's hexadecimal floating point conversion, which reads a
/// double (IEEE Std 1003.1 `fprintf`), in every form it touched.
@Suite struct StringsDictCutConversionTests {
    typealias F = ValidationFixtures

    @Test func eachFormWithACutConversionIsReportedOnceSayingWhatItReads() throws {
        let english = ["one": "%d year", "other": "%d years"]
        let cut = ["one": "%a an", "other": "%a ans"]
        let found = F.validate([
            F.stringsDict("en.lproj/Localizable.stringsdict", ["years": F.plural("%#@arg@", variable: "arg", forms: english)]),
            F.stringsDict("fr.lproj/Localizable.stringsdict", ["years": F.plural("%#@arg@", variable: "arg", forms: cut)]),
        ]).filter { $0.severity == .error }
        // One finding per form, not one more for the comparison with the development entry.
        #expect(found.map(\.code) == [.stringsDictSpecifierMismatch, .stringsDictSpecifierMismatch])
        #expect(found.map(\.keyPath) == ["arg/one", "arg/other"])
        let one = try #require(found.first)
        #expect(one.message == "\"years\": The form \"one\" of rule \"arg\" formats with %a but NSStringFormatValueTypeKey is \"d\" (int32); use the same conversion. %a reads a double (printf's hexadecimal floating point): most likely a tool cut a longer token that starts with it (such as %arg) short; write the conversion of the value type (%d) in \"%a an\".")
    }

    @Test func anotherWrongConversionGetsNoWordAboutCutting() throws {
        let found = F.validate([
            F.stringsDict("en.lproj/Localizable.stringsdict", ["years": F.plural(forms: ["one": "%d year", "other": "%d years"])]),
            F.stringsDict("fr.lproj/Localizable.stringsdict", ["years": F.plural(forms: ["one": "%@ an", "other": "%d ans"])]),
        ]).filter { $0.severity == .error }
        #expect(found.map(\.keyPath) == ["count/one"])
        #expect(found.first?.message.hasSuffix("use the same conversion.") == true)
    }
}
