import Testing
import OTALocalizationsPackager
import OTALocalizationsValidation

/// ``PseudoText``: exact pseudo-text for hand-worked values, specifiers kept byte for byte (read back with the
/// validator's parser), the length rule and the brackets.
@Suite struct PseudoTextTests {
    /// Expected values worked out by hand from the rule: each ASCII letter accented, `⌈n / 3⌉` middle dots where `n`
    /// counts the scalars outside specifiers and tags, brackets inside the outer whitespace.
    @Test(arguments: [
        ("Hello", "[Ĥéļļö··]"),                                         // n = 5, 2 dots
        ("Delete %@?", "[Ðéļéţé %@?···]"),                              // n = 8 ("Delete ?" and the space), 3 dots
        ("  %d files\n", "  [%d ƒîļéš··]\n"),                           // whitespace outside; n = 6
        ("<b>Bold</b> text", "[<b>Ɓöļð</b> ţéẋţ···]"),                 // tags kept and not counted; n = 9
        ("Tap\there", "[Ţåþ\tĥéŕé···]"),                                // an inner tab kept; n = 8
        ("Fish &amp; Chips", "[Ƒîšĥ &amp; Çĥîþš······]"),              // a reference kept and counted; n = 16
        ("Go to https://ex.com/a now", "[Ĝö ţö https://ex.com/a ñöŵ·········]"), // a URL kept and counted; n = 26
        ("100%% sure", "[100%% šûŕé···]"),                               // %% kept, not counted; n = 8
        ("%1$@ sent %2$lld", "[%1$@ šéñţ %2$lld··]"),                   // n = 6
        ("Up 50%", "[Ûþ 50%··]"),                                       // a lone % kept, not counted; n = 5
        ("C:\\Users", "[Ç:\\Ušéŕš···]"),                             // a backslash and the next scalar kept; n = 8
    ])
    func givesTheExactPseudoText(_ value: String, _ expected: String) {
        #expect(PseudoText.transform(value) == expected)
    }

    @Test func leavesValuesWithoutTextUnchanged() {
        for value in ["", "   ", "\n", "%@", "%1$@ %2$@", "%#@count@", " %lld\n", "<br/>", "(%d)", "%@, %@", "\u{2014}", "1 / 2"] {
            #expect(PseudoText.transform(value) == value, "\(value.debugDescription)")
        }
    }

    @Test func keepsEverySpecifierByteForByte() {
        let values = [
            "%@ and %d", "%1$@ owes %2$@ %3$.2f", "%lld items", "%.2f%%", "%#@files@ in %#@folders@",
            "%1$#@count@ left", "%*d wide and %-5.2ld", "Progress: 50% done", "Progress: 50%", "%ld of %lu", "%1$@ — %2$#@items@, %3$lld%%",
        ]
        for value in values {
            let before = FormatSpecifier.parse(value)
            let after = FormatSpecifier.parse(PseudoText.transform(value))
            #expect(after.specifiers.map(\.text) == before.specifiers.map(\.text), "\(value)")
            // A `%` that starts no specifier is kept; the character after it may be padding (`Up 50%` gives `[Ûþ 50%··]`).
            #expect(after.invalid.map(\.offset) == before.invalid.map { $0.offset + 1 }, "\(value)")
            #expect(!before.specifiers.isEmpty || !before.invalid.isEmpty)
        }
    }

    /// The rule: text of `n` scalars gets `⌈n / 3⌉` padding scalars and two brackets, so it is at least 1.3 times as long.
    @Test(arguments: ["Settings", "Sign in to continue", "A", "Your changes will be lost"])
    func isAThirdLongerAndBracketed(_ value: String) {
        let n = value.unicodeScalars.count
        let result = PseudoText.transform(value)
        #expect(result.unicodeScalars.count == n + (n + 2) / 3 + 2)
        #expect(Double(result.unicodeScalars.count - 2) >= 1.3 * Double(n))
        #expect(result.unicodeScalars.first == "[" && result.unicodeScalars.last == "]")
        #expect(result.unicodeScalars.filter { $0 == PseudoText.padding }.count == (n + 2) / 3)
        #expect(!result.unicodeScalars.contains { ("a"..."z").contains($0) || ("A"..."Z").contains($0) })
    }

    @Test func accentsEveryASCIILetterAsOneDistinctNonASCIILetter() {
        let letters = (0x41...0x5A).map { Unicode.Scalar(UInt8($0)) } + (0x61...0x7A).map { Unicode.Scalar(UInt8($0)) }
        let accented = letters.map(PseudoText.accented)
        #expect(Set(accented).count == 52)
        #expect(accented.allSatisfy { !$0.isASCII && $0.properties.isAlphabetic })
        #expect(zip(letters, accented).allSatisfy { $0.properties.isUppercase == $1.properties.isUppercase })
        #expect(PseudoText.accented("1") == "1" && PseudoText.accented("é") == "é")
    }
}
