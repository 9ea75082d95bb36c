import Foundation
import OTALocalizationsSourceLint
import OTATestSupport
import Testing

/// The development values lookups write beside their keys, read with the linter's lexer. Expected texts are the
/// literals as the Swift book decodes them ("String Literals", "Multiline String Literals"), written out by hand.
@Suite struct SourceDevelopmentValuesTests {
    private func read(_ source: String) -> [String] {
        SourceDevelopmentValues.read(source: source, path: "S.swift").map {
            "\($0.line):\($0.column) \($0.table) \($0.key) = \($0.segments)"
        }
    }

    @Test func readsTheThreeCallsWithTheirTables() {
        let source = #"""
            let a = NSLocalizedString("open.private", tableName: "Shared", bundle: .module, value: "Open in New Private Tab", comment: "")
            let b = String(localized: "delete", defaultValue: "Delete?", table: "Shared", bundle: .module)
            let c = LocalizedStringResource("title", defaultValue: "Title")
            let d = Foundation.NSLocalizedString("plain", tableName: nil, value: "Plain", comment: "")
            let e = String.init(localized: "init", defaultValue: "Init")
            """#
        #expect(read(source) == [
            #"1:9 Shared open.private = ["Open in New Private Tab"]"#,
            #"2:9 Shared delete = ["Delete?"]"#,
            #"3:9 Localizable title = ["Title"]"#,
            #"4:20 Localizable plain = ["Plain"]"#,
            #"5:9 Localizable init = ["Init"]"#,
        ])
    }

    @Test func decodesEscapesAndMultiLineLiterals() {
        let source = #"""
            let a = NSLocalizedString("a", value: "Tab\t\"%@\"\n\u{1F600}\\", comment: "")
            let b = String(localized: "b", defaultValue: """
                First line
                  indented \
                joined
                """)
            let c = NSLocalizedString("c", value: #"raw \n stays"#, comment: "")
            """#
        let values = SourceDevelopmentValues.read(source: source, path: "S.swift")
        #expect(values.map(\.segments) == [["Tab\t\"%@\"\n\u{1F600}\\"], ["First line\n  indented joined"], [#"raw \n stays"#]])
    }

    @Test func aDefaultValueInterpolatesItsArguments() {
        let source = #"""
            let a = String(localized: "items", defaultValue: "\(count) items in \(cart.name)")
            let b = NSLocalizedString("hello", value: "Hello \(name)", comment: "")
            """#
        // NSLocalizedString's value is a String: an interpolation there is text computed at run time, not read.
        #expect(read(source) == [#"1:9 Localizable items = ["", " items in ", ""]"#])
        #expect(SourceDevelopmentValues.read(source: source, path: "S.swift").first?.text == #"\(…) items in \(…)"#)
    }

    @Test func readsOnlyLiteralKeysTablesAndValues() {
        let source = #"""
            let a = NSLocalizedString("a", comment: "")
            let b = NSLocalizedString("b", value: "", comment: "")
            let c = NSLocalizedString(key, value: "C", comment: "")
            let d = NSLocalizedString("d", tableName: Tables.shared, value: "D", comment: "")
            let e = NSLocalizedString("e", value: "E" + "!", comment: "")
            let f = String(localized: "f")
            let g = x.NSLocalizedString("g", value: "G", comment: "")
            // let h = NSLocalizedString("h", value: "H", comment: "")
            let i = "NSLocalizedString(\"i\", value: \"I\", comment: \"\")"
            let j = "\(NSLocalizedString("j", value: "J", comment: ""))"
            """#
        #expect(read(source) == [#"10:12 Localizable j = ["J"]"#])
    }

    @Test func readsFoldersWithoutTheExcludedOnes() throws {
        let root = try TemporaryDirectory("values")
        defer { root.remove() }
        try root.write("App/Strings.swift", #"let a = NSLocalizedString("a", value: "A", comment: "")"#)
        try root.write("App/Feature/Sources/Feature/F.swift", #"let f = NSLocalizedString("f", value: "F", comment: "")"#)
        try root.write("App/.build/B.swift", #"let b = NSLocalizedString("b", value: "B", comment: "")"#)

        let values = SourceDevelopmentValues.read(
            folders: [URL(fileURLWithPath: "App", relativeTo: root.url), URL(fileURLWithPath: "Missing", relativeTo: root.url)],
            excluding: [root.url.appendingPathComponent("App/Feature/Sources/Feature")])

        #expect(values.map { "\($0.file) \($0.key)" } == ["App/Strings.swift a"])
    }
}
