import OTALocalizationsCore
import OTALocalizationsPackager
import Testing

/// The diff engine on snapshots written by hand: what a reviewer must see, key by key.
@Suite struct StringsDiffTests {
    typealias ID = StringsSnapshot.TableID
    typealias Table = StringsSnapshot.Table

    private func strings(_ values: [String: String]) -> Table {
        Table(entries: values.mapValues(StringsValue.init(text:)))
    }

    private func plural(_ forms: [String: String], format: String = "%#@count@") -> StringsValue {
        var leaves: [[String]: String] = [["NSStringLocalizedFormatKey"]: format, ["count", "NSStringFormatSpecTypeKey"]: "NSStringPluralRuleType",
                                          ["count", "NSStringFormatValueTypeKey"]: "d"]
        for (category, text) in forms { leaves[["count", category]] = text }
        return StringsValue(leaves: leaves)
    }

    @Test func addedRemovedAndChangedKeysAreListedByKeyWithBothValues() throws {
        // Given: one table whose "title" changed, "legacy" went and "promo" came.
        let id = ID(module: "Checkout", localization: "fr", fileName: "Localizable.strings")
        let published = StringsSnapshot(tables: [id: strings(["title": "Panier", "legacy": "Ancien", "same": "Oui"])])
        let new = StringsSnapshot(tables: [id: strings(["title": "Votre panier", "promo": "Offert", "same": "Oui"])])

        // When
        let diff = StringsDiff(published: published, new: new)

        // Then: one module, one localization, one table, three keys in key order; "same" is not listed.
        #expect(diff.comparedModules == 1)
        let table = try #require(diff.modules.first?.localizations.first?.tables.first)
        #expect(diff.modules.map(\.name) == ["Checkout"])
        #expect(table.fileName == "Localizable.strings")
        #expect(table.keys.map(\.key) == ["legacy", "promo", "title"])
        #expect(table.keys.map(\.change) == [.removed, .added, .changed])
        #expect(table.keys[0].values == [StringsDiff.Value(path: [], published: "Ancien", new: nil)])
        #expect(table.keys[1].values == [StringsDiff.Value(path: [], published: nil, new: "Offert")])
        #expect(table.keys[2].values == [StringsDiff.Value(path: [], published: "Panier", new: "Votre panier")])
        #expect((diff.count(.added), diff.count(.removed), diff.count(.changed)) == (1, 1, 1))
    }

    @Test func aStringsDictKeyListsOnlyTheFormsThatDiffer() throws {
        // Given: `one` reworded, `many` dropped, `few` added; the format key and `other` unchanged.
        let id = ID(module: "Checkout", localization: "pl", fileName: "Localizable.stringsdict")
        let before = plural(["one": "%d plik", "many": "%d plików", "other": "%d pliku"])
        let after = plural(["one": "Jeden plik", "few": "%d pliki", "other": "%d pliku"])

        let diff = StringsDiff(
            published: StringsSnapshot(tables: [id: Table(entries: ["files": before])]),
            new: StringsSnapshot(tables: [id: Table(entries: ["files": after])]))

        // Then: one changed key, its three forms in CLDR order (one, few, many).
        let key = try #require(diff.keys.first)
        #expect(diff.keys.count == 1)
        #expect(key.change == .changed)
        #expect(key.values == [
            StringsDiff.Value(path: ["count", "one"], published: "%d plik", new: "Jeden plik"),
            StringsDiff.Value(path: ["count", "few"], published: nil, new: "%d pliki"),
            StringsDiff.Value(path: ["count", "many"], published: "%d plików", new: nil),
        ])
    }

    @Test func anAddedStringsDictKeyListsEveryStringInReadingOrder() throws {
        let id = ID(module: "Search", localization: "en", fileName: "Localizable.stringsdict")
        let diff = StringsDiff(
            published: StringsSnapshot(tables: [id: Table(entries: [:])]),
            new: StringsSnapshot(tables: [id: Table(entries: ["results": plural(["other": "%d results", "one": "One result"])])]))

        let key = try #require(diff.keys.first)
        #expect(key.change == .added)
        #expect(key.values.map(\.path) == [
            ["NSStringLocalizedFormatKey"], ["count", "one"], ["count", "other"],
            ["count", "NSStringFormatSpecTypeKey"], ["count", "NSStringFormatValueTypeKey"],
        ])
        #expect(key.values.allSatisfy { $0.published == nil })
        #expect(key.values.map(\.new) == ["%#@count@", "One result", "%d results", "NSStringPluralRuleType", "d"])
    }

    @Test func whatIsOnOneSideIsMarkedWhereItStarts() throws {
        // Given: a module only published, a module only new, and in a shared module a new localization and a
        // table removed from a shared localization.
        let published = StringsSnapshot(tables: [
            ID(module: "Legacy", localization: "en", fileName: "Localizable.strings"): strings(["old": "Old"]),
            ID(module: "Shop", localization: "en", fileName: "Localizable.strings"): strings(["a": "A"]),
            ID(module: "Shop", localization: "en", fileName: "Payment.strings"): strings(["pay": "Pay"]),
        ])
        let new = StringsSnapshot(tables: [
            ID(module: "Shop", localization: "en", fileName: "Localizable.strings"): strings(["a": "A"]),
            ID(module: "Shop", localization: "de", fileName: "Localizable.strings"): strings(["a": "Ä"]),
            ID(module: "Wallet", localization: "en", fileName: "Localizable.strings"): strings(["card": "Card"]),
        ])

        let diff = StringsDiff(published: published, new: new)

        #expect(diff.comparedModules == 3)
        #expect(diff.modules.map(\.name) == ["Legacy", "Shop", "Wallet"])
        #expect(diff.modules.map(\.presence) == [.publishedOnly, .both, .newOnly])
        let shop = diff.modules[1]
        #expect(shop.localizations.map(\.name) == ["de", "en"])
        #expect(shop.localizations.map(\.presence) == [.newOnly, .both])
        #expect(shop.localizations[1].tables.map(\.fileName) == ["Payment.strings"])
        #expect(shop.localizations[1].tables.map(\.presence) == [.publishedOnly])
        #expect(shop.localizations[1].tables[0].keys.map(\.change) == [.removed])
        #expect(diff.modules[0].localizations[0].tables[0].keys.map(\.key) == ["old"])
        #expect(diff.modules[2].localizations[0].tables[0].keys.map(\.change) == [.added])
    }

    @Test func theSameTablesOnBothSidesAreNoDifference() {
        let id = ID(module: "Shop", localization: "en", fileName: "Localizable.strings")
        let side = StringsSnapshot(tables: [id: strings(["a": "A"])])

        let diff = StringsDiff(published: side, new: side)

        #expect(diff.isEmpty)
        #expect(diff.modules.isEmpty)
        #expect(diff.comparedModules == 1)
        #expect(diff.tablesNotCompared == 0)
    }

    @Test func aTableOneSideCannotReadIsListedWithTheReasonAndNotCompared() throws {
        let id = ID(module: "Shop", localization: "en", fileName: "Localizable.strings")
        let diff = StringsDiff(
            published: StringsSnapshot(tables: [id: Table(entries: [:], unreadableReason: "en.lproj/Localizable.strings:2:1: expected '='")]),
            new: StringsSnapshot(tables: [id: strings(["a": "A"])]))

        let table = try #require(diff.modules.first?.localizations.first?.tables.first)
        #expect(!table.isCompared)
        #expect(table.publishedUnreadable == "en.lproj/Localizable.strings:2:1: expected '='")
        #expect(table.newUnreadable == nil)
        #expect(table.keys.isEmpty)
        #expect(diff.tablesNotCompared == 1)
        #expect(!diff.isEmpty)
    }

    @Test func aPlainStringEntryTurnedIntoAPluralChangesItsLeaves() throws {
        // A `.stringsdict` entry may be a plain string (Apple's "Stringsdict File Format"): one leaf at the empty path.
        let id = ID(module: "Shop", localization: "en", fileName: "Localizable.stringsdict")
        let diff = StringsDiff(
            published: StringsSnapshot(tables: [id: Table(entries: ["n": StringsValue(propertyList: .string("Items"))])]),
            new: StringsSnapshot(tables: [id: Table(entries: ["n": plural(["other": "%d items"])])]))

        let key = try #require(diff.keys.first)
        #expect(key.change == .changed)
        #expect(key.values.first == StringsDiff.Value(path: [], published: "Items", new: nil))
        #expect(key.values.count == 5)
    }
}
