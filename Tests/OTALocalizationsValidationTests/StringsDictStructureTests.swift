import Foundation
import OTALocalizationsCore
import OTATestSupport
import Testing
@testable import OTALocalizationsValidation

/// The structure of `.stringsdict` entries: variables (Apple's "Stringsdict File Format": a `%#@name@` names a
/// rule dictionary of the entry), value types (a number: "a string format specifier for a number"), and keys an
/// XML property list writes twice (Python's `plistlib` keeps the later value).
@Suite struct StringsDictStructureTests {
    typealias F = ValidationFixtures

    private func findings(_ entries: [String: PropertyListValue], localization: String = "en") -> [ValidationDiagnostic] {
        F.validate([F.stringsDict("\(localization).lproj/Localizable.stringsdict", entries)])
            .filter { $0.code != .stringsDictMissingPluralCategory && $0.code != .stringsDictUnusedPluralCategory }
    }

    private static let rule: [String: PropertyListValue] = [
        "NSStringFormatSpecTypeKey": .string("NSStringPluralRuleType"),
        "NSStringFormatValueTypeKey": .string("d"), "one": .string("%d file"), "other": .string("%d files"),
    ]

    @Test func anUnterminatedVariableIsAnError() {
        let found = findings(["k": .dictionary(["NSStringLocalizedFormatKey": .string("%#@count files"), "count": .dictionary(Self.rule)])])
        #expect(found.map(\.code) == [.stringsDictMalformedVariable, .stringsDictUnusedVariable])
        #expect(found[0].severity == .error)
        #expect(found[0].message == "\"k\": \"%#@count\" in NSStringLocalizedFormatKey is not a variable: a variable is written %#@name@, with a name and a closing @. As written it names no rule, so iOS does not pluralise it (what it shows instead is not documented).")
        // The empty name and a positional variable without its closing @ too; in a form as well.
        #expect(findings(["k": .dictionary(["NSStringLocalizedFormatKey": .string("%#@@"), "count": .dictionary(Self.rule)])])
            .map(\.code).contains(.stringsDictMalformedVariable))
        #expect(findings(["k": .dictionary(["NSStringLocalizedFormatKey": .string("%2$#@count"), "count": .dictionary(Self.rule)])])
            .map(\.code).contains(.stringsDictMalformedVariable))
        var rule = Self.rule
        rule["other"] = .string("%d files in %#@folders")
        let inForm = findings(["k": .dictionary(["NSStringLocalizedFormatKey": .string("%#@count@"), "count": .dictionary(rule)])])
        #expect(inForm.map(\.code) == [.stringsDictMalformedVariable])
        #expect(inForm[0].message.contains("in form \"other\" of rule \"count\""))
    }

    @Test func aWidthBeforeTheHashReadsAsTheVariableAsCoreFoundationDoes() {
        // CoreFoundation (swift-corelibs-foundation) formats "%1#@count@" exactly as "%#@count@": the whole
        // variable is one conversion that reads one argument.
        #expect(String(format: "[%1#@count@]", "X" as NSString) == String(format: "[%#@count@]", "X" as NSString))
        #expect(String(format: "[%1#@count@]", "X" as NSString) == "[X]")
        let entry = PropertyListValue.dictionary(["NSStringLocalizedFormatKey": .string("%1#@count@"), "count": .dictionary(Self.rule)])
        #expect(findings(["k": entry]).isEmpty)
    }

    @Test func aVariableNothingRefersToIsAWarning() {
        let entry = PropertyListValue.dictionary([
            "NSStringLocalizedFormatKey": .string("%#@count@"), "count": .dictionary(Self.rule), "names": .dictionary(Self.rule),
        ])
        let found = findings(["k": entry])
        #expect(found.map(\.code) == [.stringsDictUnusedVariable])
        #expect(found[0].severity == .warning)
        #expect(found[0].message == "\"k\": The rule \"names\" is never used: neither NSStringLocalizedFormatKey nor any form contains %#@names@. Refer to it in the format, or delete it.")
        // With no variable referred to at all, the message says the entry is never pluralised.
        let never = findings(["k": .dictionary(["NSStringLocalizedFormatKey": .string("%d files"), "count": .dictionary(Self.rule)])])
        #expect(never.map(\.code) == [.stringsDictUnusedVariable])
        #expect(never[0].message.contains("so iOS never pluralises this entry"))
    }

    @Test func aVariableThatRefersToItselfIsAnError() {
        var selfish = Self.rule
        selfish["other"] = .string("%d files %#@count@")
        let direct = findings(["k": .dictionary(["NSStringLocalizedFormatKey": .string("%#@count@"), "count": .dictionary(selfish)])])
        #expect(direct.map(\.code) == [.stringsDictRecursiveVariable])
        #expect(direct[0].message.contains("(count → count)"))
        // a → b → a: both rules are reported, each naming the loop from itself.
        var a = Self.rule, b = Self.rule
        a["other"] = .string("%d and %#@b@")
        b["other"] = .string("%d or %#@a@")
        let loop = findings(["k": .dictionary(["NSStringLocalizedFormatKey": .string("%#@a@"), "a": .dictionary(a), "b": .dictionary(b)])])
        #expect(loop.map(\.code) == [.stringsDictRecursiveVariable, .stringsDictRecursiveVariable])
        #expect(loop.map { $0.message.contains("(a → b → a)") || $0.message.contains("(b → a → b)") } == [true, true])
        // Two variables that share a third are no loop.
        var c = Self.rule
        c["other"] = .string("%d and %#@shared@")
        let shared = findings(["k": .dictionary([
            "NSStringLocalizedFormatKey": .string("%#@c@ %#@shared@"), "c": .dictionary(c), "shared": .dictionary(Self.rule),
        ])])
        #expect(shared.isEmpty)
    }

    @Test func aPluralRuleNeedsANumberValueType() {
        for valueType in ["@", "s", "p"] {
            var rule = Self.rule
            rule["NSStringFormatValueTypeKey"] = .string(valueType)
            let found = findings(["k": .dictionary(["NSStringLocalizedFormatKey": .string("%#@count@"), "count": .dictionary(rule)])])
            #expect(found.map(\.code).contains(.stringsDictInvalidValueType), "\(valueType)")
        }
        for valueType in ["d", "ld", "lu", "lld", "f", "%ld"] {
            var rule = Self.rule
            rule["NSStringFormatValueTypeKey"] = .string(valueType)
            let found = findings(["k": .dictionary(["NSStringLocalizedFormatKey": .string("%#@count@"), "count": .dictionary(rule)])])
            #expect(!found.map(\.code).contains(.stringsDictInvalidValueType), "\(valueType)")
        }
    }

    @Test func keysWrittenTwiceAreErrorsNamingBothLines() throws {
        let xml = PropertyListFixtures.duplicateKeysStringsDict
        // Lines of the `<key>other</key>` and `<key>plain</key>` tags, counted in the text: 14, 18; 22, 24.
        let lines = xml.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.indices.filter { lines[$0].contains("<key>other</key>") }.map { $0 + 1 } == [14, 18])
        #expect(lines.indices.filter { lines[$0].contains("<key>plain</key>") }.map { $0 + 1 } == [22, 24])
        let table = try StringsDictParser.parse(Data(xml.utf8), path: "App/en.lproj/Localizable.stringsdict")
        let file = ValidationInput.File(path: "App/en.lproj/Localizable.stringsdict", relativePath: "en.lproj/Localizable.stringsdict",
                                        content: .stringsDict(table))
        let found = F.validate([file]).filter { $0.code == .stringsDictDuplicateKey }
        #expect(found.map(\.line) == [18, 24])
        #expect(found.allSatisfy { $0.severity == .error })
        // The repeated form is in the identity (its key path) with the value Apple keeps, as is a repeated entry.
        #expect(found[0].key == "files" && found[0].keyPath == "count/other" && found[0].value == "%d files")
        #expect(found[1].key == "plain" && found[1].keyPath == nil && found[1].value == "Second")
        #expect(found[0].message == "\"files\": the key \"other\" inside it is written on line 14 and again on line 18; Apple keeps only the later value, so the first is dead text. Delete the wrong one.")
        #expect(found[1].message == "\"plain\": the key is written on line 22 and again on line 24; Apple keeps only the later value, so the first is dead text. Delete the wrong one.")
    }
}

/// A rule without `other` (Apple: "Localizing strings that contain plurals" calls it required) against the CLDR
/// categories of `plurals.xml` @ 004469dc: be, pl, ru and uk select `other` only for non-integers.
@Suite struct PluralOtherTests {
    typealias F = ValidationFixtures

    private func other(_ localization: String, valueType: String, forms: [String: String]) -> [ValidationDiagnostic] {
        F.validate([F.stringsDict("\(localization).lproj/P.stringsdict", ["k": F.plural(valueType: valueType, forms: forms)])])
            .filter { $0.code == .stringsDictMissingOther || $0.code == .stringsDictMissingDecimalOther }
    }

    @Test func anIntegerRuleWithOneFewAndManyNeedsOtherOnlyForDecimals() {
        for language in ["ru", "uk", "pl", "be"] {
            for valueType in ["d", "ld", "lu", "u", "lld", "llu", "i"] {
                let found = other(language, valueType: valueType, forms: ["one": "%d", "few": "%d", "many": "%d"])
                #expect(found.map(\.code) == [.stringsDictMissingDecimalOther], "\(language) \(valueType)")
                #expect(found.first?.severity == .warning)
            }
        }
        let message = other("ru", valueType: "ld", forms: ["one": "%ld", "few": "%ld", "many": "%ld"]).first?.message
        #expect(message == "\"k\": rule \"count\" has no other form; in ru every integer selects one, few, many, which the rule has, and its value type ld passes only integers. Only a non-integer count such as 1.5 selects other in this language (CLDR plurals.xml @ 004469dc). Apple's documentation still calls other required (\"Localizing strings that contain plurals\") and does not document what a device shows for a count with no form; add an other form to follow it.")
    }

    @Test func itStaysAnErrorWhereACountReachesTheMissingForm() {
        // A decimal value type can pass 1.5, which CLDR puts in other (ru `other` samples: 0.0~1.5).
        let decimal = other("ru", valueType: "f", forms: ["one": "%f", "few": "%f", "many": "%f"])
        #expect(decimal.map(\.code) == [.stringsDictMissingOther] && decimal.first?.severity == .error)
        #expect(decimal.first?.message.contains("In ru, 1.5 selects other, which the rule lacks") == true)
        // No many: 5 selects many (ru `many` samples: 0, 5~19, …); the first integer that does is 0.
        let noMany = other("ru", valueType: "d", forms: ["one": "%d", "few": "%d"])
        #expect(noMany.map(\.code) == [.stringsDictMissingOther])
        #expect(noMany.first?.message.contains("In ru, 0 selects many, which the rule lacks") == true)
        // English integers select other (en `other` samples: 0, 2~16, …).
        let english = other("en", valueType: "d", forms: ["one": "%d"])
        #expect(english.first?.message.contains("In en, 0 selects other, which the rule lacks") == true)
        // Czech integers select other too (cs `other` samples: 0, 5~19, …), so cs keeps the error.
        #expect(other("cs", valueType: "d", forms: ["one": "%d", "few": "%d", "many": "%d"]).map(\.code) == [.stringsDictMissingOther])
    }

    @Test func bothAreBaselinedByTheAdoptionBaseline() {
        let today = other("en", valueType: "d", forms: ["one": "%d"]) + other("ru", valueType: "d", forms: ["one": "%d", "few": "%d", "many": "%d"])
        let applied = ValidationBaseline(recording: today).apply(to: today)
        #expect(applied.map(\.baselined) == [true, true])
        #expect(applied.map(\.severity) == [.warning, .warning])
    }
}
