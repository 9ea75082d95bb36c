import OTALocalizationsSourceLint
import Testing

/// `// ota-localizations:disable-next-line` and `// ota-localizations:disable-line`.
@Suite struct SourceLinterDirectiveTests {
    @Test func disableNextLineSilencesOnlyTheNextLine() {
        let source = """
            // ota-localizations:disable-next-line
            let a = NSLocalizedString("a", comment: "")
            let b = NSLocalizedString("b", comment: "")
            // ota-localizations:disable-next-line

            let c = NSLocalizedString("c", comment: "")
            """
        #expect(lintHits(source) == ["3:9 missing-bundle", "6:9 missing-bundle"])
    }

    @Test func disableNextLineMayCarryAReasonAndTrailCode() {
        let source = """
                // ota-localizations:disable-next-line  the app target's legacy screen
                Text("legacy")
            let x = 1 // ota-localizations:disable-next-line
            Text("k", bundle: .main)
            """
        #expect(lintHits(source) == [])
    }

    @Test func disableLineSilencesItsOwnLine() {
        let source = """
            let a = NSLocalizedString("a", comment: "") // ota-localizations:disable-line
            let b = Bundle.main.localizedString(forKey: "b", value: nil, table: nil) // ota-localizations:disable-line reason
            let c = NSLocalizedString("c", comment: "")
            """
        #expect(lintHits(source) == ["3:9 missing-bundle"])
    }

    @Test func directiveAboveAMultiLineCallCoversItsBundleArgument() {
        let source = """
            // ota-localizations:disable-next-line
            let a = NSLocalizedString(
                "a",
                bundle: .module,
                comment: ""
            )
            let b = NSLocalizedString(
                "b",
                bundle: .module, // ota-localizations:disable-line
                comment: ""
            )
            """
        #expect(lintHits(source) == [])
    }

    @Test func directiveTextOutsideALineCommentDoesNothing() {
        let source = """
            let s = "// ota-localizations:disable-next-line"
            let a = NSLocalizedString("a", comment: "")
            /* ota-localizations:disable-next-line */
            let b = NSLocalizedString("b", comment: "")
            let c = NSLocalizedString("c", comment: "") /* ota-localizations:disable-line */
            """
        #expect(lintHits(source) == ["2:9 missing-bundle", "4:9 missing-bundle", "5:9 missing-bundle"])
    }
}
