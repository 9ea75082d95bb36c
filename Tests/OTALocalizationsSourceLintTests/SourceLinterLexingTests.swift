import OTALocalizationsSourceLint
import Testing

/// Text that looks like a lookup but is not one (strings, comments, regexes, nested calls), and lookups that
/// hide where a regex would not see them.
@Suite struct SourceLinterLexingTests {
    @Test func ignoresCallsInsideStringLiterals() {
        let source = """
            let a = "NSLocalizedString(\\"a\\", comment: \\"\\")"
            let b = \"""
                NSLocalizedString("x", comment: "")
                one quote " and two "" do not end it
                Text("y")
                \"""
            let c = #"NSLocalizedString("x", comment: "") \\(not interpolated)"#
            let d = ##"a "# is content: NSLocalizedString("x", comment: "")"##
            let e = #\"""
                String(localized: "x") \"""
                \"""#
            let f = NSLocalizedString("after", comment: "")
            """
        #expect(lintHits(source) == ["12:9 missing-bundle"])
    }

    @Test func ignoresCallsInsideComments() {
        let source = """
            // NSLocalizedString("x", comment: "")
            /// Text("y")
            /* String(localized: "z")
               /* nested */ NSLocalizedString("still a comment", comment: "")
            */ let a = NSLocalizedString("code", comment: "")
            let b = 1 /* Text("c") */ + 2 // Text("d")
            """
        #expect(lintHits(source) == ["5:12 missing-bundle"])
    }

    @Test func bundleTextInsideAStringIsNotABundleArgument() {
        let source = """
            let a = NSLocalizedString("a", comment: "has bundle: in text")
            let b = NSLocalizedString("bundle: .localizationBundle", comment: "")
            """
        #expect(lintHits(source) == ["1:9 missing-bundle", "2:9 missing-bundle"])
    }

    @Test func multiLineCallWithTopLevelBundleIsAccepted() {
        let source = """
            let a = NSLocalizedString(
                "a",
                tableName: nil,
                bundle: .localizationBundle,
                comment: ""
            )
            let b = NSLocalizedString(
                "b",
                comment: ""
            )
            let c = NSLocalizedString("c",
                                      bundle:
                                        .module,
                                      comment: "")
            """
        #expect(lintHits(source) == ["7:9 missing-bundle", "12:27 module-bundle"])
    }

    @Test func bundleInsideANestedCallDoesNotCount() {
        let source = """
            let a = NSLocalizedString(key(bundle: .localizationBundle), comment: "")
            let b = NSLocalizedString("k", comment: note(bundle: .module))
            let c = String(localized: "k", comment: [lookup(bundle: x)].first!)
            let d = NSLocalizedString("k", bundle: pick(.module), comment: "")
            let e = NSLocalizedString("k", comment: { bundle: do { } }())
            let f = NSLocalizedString(String(localized: "inner", bundle: .module), bundle: .localizationBundle, comment: "")
            """
        #expect(lintHits(source) == [
            "1:9 missing-bundle", "2:9 missing-bundle", "3:9 missing-bundle", "5:9 missing-bundle", "6:54 module-bundle",
        ])
    }

    @Test func findsLookupsInsideInterpolations() {
        let source = """
            let a = "Total: \\(NSLocalizedString("t", comment: "")) \\(")") \\(f(")"))"
            let b = #"raw \\#(String(localized: "k")) and \\(NSLocalizedString("no", comment: ""))"#
            let c = "\\("\\(Text("deep"))")"
            """
        #expect(lintHits(source) == ["1:19 missing-bundle", "2:18 missing-bundle", "3:15 text-missing-bundle"])
    }

    @Test func regexLiteralsDoNotOpenStrings() {
        let source = """
            let r = /"/
            let s = #/ " ( /#
            let t = a / b / c
            let u = NSLocalizedString("x", comment: "")
            """
        #expect(lintHits(source) == ["4:9 missing-bundle"])
    }

    @Test func membersAndDeclarationsAreNotLookups() {
        let source = """
            func NSLocalizedString(_ key: String, comment: String) -> String { key }
            let a = table.Text("k")
            let b = model.String(localized: "k")
            let c = Foundation.NSLocalizedString("k", comment: "")
            let `default` = NSLocalizedString("k", comment: "")
            throw ToolFailureText("x"); let t = MyString(localized: "k"); let u = NSLocalizedStringKey("k")
            """
        #expect(lintHits(source) == ["4:20 missing-bundle", "5:17 missing-bundle"])
    }

    @Test func countsColumnsInUnicodeScalarsAndLinesAcrossLineEndings() {
        let source = "let é = \"ü😀\"; let x = NSLocalizedString(\"a\", comment: \"\")\r\n"
            + "\r\nlet y = Text(\"k\")\rlet z = String(localized: \"k\")"
        #expect(lintHits(source) == ["1:23 missing-bundle", "3:9 text-missing-bundle", "4:9 missing-bundle"])
    }

    @Test func survivesUnterminatedInput() {
        #expect(lintHits("let a = \"open\nlet b = NSLocalizedString(\"x\", comment: \"\")") == ["2:9 missing-bundle"])
        #expect(lintHits("NSLocalizedString(\"x\", comment: \"\"") == ["1:1 missing-bundle"])
        #expect(lintHits("let a = NSLocalizedString(\"x\", bundle: .module /* never closed") == ["1:32 module-bundle"])
        #expect(lintHits("Text(\"\"\"\nkey") == ["1:1 text-missing-bundle"])
        #expect(lintHits(")) ]] }} NSLocalizedString(\"x\", comment: \"\") ((") == ["1:10 missing-bundle"])
        #expect(lintHits("") == [])
    }
}
