import Testing
@testable import OTALocalizationsPackager

@Suite struct GlobPatternTests {
    @Test func starStaysWithinOneComponent() {
        #expect(GlobPattern("Tools/*").matches("Tools/input"))
        #expect(!GlobPattern("Tools/*").matches("Tools/input/en.lproj"))
        #expect(GlobPattern("*.lproj").matches("fr-CA.lproj"))
    }

    @Test func doubleStarSpansComponents() {
        #expect(GlobPattern("Tools/**").matches("Tools/a/b/c.strings"))
        #expect(GlobPattern("**/Legacy.strings").matches("App/en.lproj/Legacy.strings"))
        #expect(GlobPattern("**/Legacy.strings").matches("Legacy.strings"))
        #expect(!GlobPattern("**/Legacy.strings").matches("App/en.lproj/Other.strings"))
    }

    @Test func questionMarkMatchesOneCharacter() {
        #expect(GlobPattern("??.lproj").matches("fr.lproj"))
        #expect(!GlobPattern("??.lproj").matches("fr-CA.lproj"))
    }

    @Test func leadingDotSlashAndTrailingSlashAreIgnored() {
        #expect(GlobPattern("./Tools/").matches("Tools"))
        #expect(GlobPattern("./Tools/").normalizedPath == "Tools")
    }

    @Test func manyDoubleStarsOnADeepPathStayCheap() {
        // Exponential backtracking would take minutes here; the dynamic programme does 12 × 26 steps.
        let pattern = GlobPattern(Array(repeating: "**", count: 12).joined(separator: "/") + "/b")
        let deep = Array(repeating: "aaaa", count: 25).joined(separator: "/") + "/en.lproj"
        #expect(!pattern.matches(deep))
        #expect(pattern.matches(deep + "/b"))
        #expect(GlobPattern("*a*a*a*a*a*a*a*a*a*b").matches(String(repeating: "a", count: 40) + "b"))
        #expect(!GlobPattern("*a*a*a*a*a*a*a*a*a*b").matches(String(repeating: "a", count: 40)))
    }
}
