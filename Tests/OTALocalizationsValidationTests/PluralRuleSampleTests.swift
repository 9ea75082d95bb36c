import Testing
@testable import OTALocalizationsValidation

/// The category ``PluralCategories/category(for:localization:)`` selects for every sample number CLDR lists with
/// each rule (`@integer` and `@decimal` in `common/supplemental/plurals.xml` at commit 004469dc, copied here as
/// data): CLDR generates the samples from the rules with its own tools, so they check our evaluation of them.
@Suite struct PluralRuleSampleTests {
    /// (a locale of the rule set, category, the sample text after the condition in plurals.xml).
    static let samples: [(String, String, String)] = [
        ("ja", "other", "@integer 0~15, 100, 1000, 10000, 100000, 1000000, … @decimal 0.0~1.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"),
        ("hi", "one", "@integer 0, 1 @decimal 0.0~1.0, 0.00~0.04"),
        ("hi", "other", "@integer 2~17, 100, 1000, 10000, 100000, 1000000, … @decimal 1.1~2.6, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"),
        ("hy", "one", "@integer 0, 1 @decimal 0.0~1.5"),
        ("hy", "other", "@integer 2~17, 100, 1000, 10000, 100000, 1000000, … @decimal 2.0~3.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"),
        ("en", "one", "@integer 1"),
        ("en", "other", "@integer 0, 2~16, 100, 1000, 10000, 100000, 1000000, … @decimal 0.0~1.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"),
        ("si", "one", "@integer 0, 1 @decimal 0.0, 0.1, 1.0, 0.00, 0.01, 1.00, 0.000, 0.001, 1.000, 0.0000, 0.0001, 1.0000"),
        ("si", "other", "@integer 2~17, 100, 1000, 10000, 100000, 1000000, … @decimal 0.2~0.9, 1.1~1.8, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"),
        ("ak", "one", "@integer 0, 1 @decimal 0.0, 1.0, 0.00, 1.00, 0.000, 1.000, 0.0000, 1.0000"),
        ("tzm", "one", "@integer 0, 1, 11~24 @decimal 0.0, 1.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0, 24.0"),
        ("tzm", "other", "@integer 2~10, 100~106, 1000, 10000, 100000, 1000000, … @decimal 0.1~0.9, 1.1~1.7, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"),
        ("tr", "one", "@integer 1 @decimal 1.0, 1.00, 1.000, 1.0000"),
        ("tr", "other", "@integer 0, 2~16, 100, 1000, 10000, 100000, 1000000, … @decimal 0.0~0.9, 1.1~1.6, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"),
        ("da", "one", "@integer 1 @decimal 0.1~1.6"),
        ("da", "other", "@integer 0, 2~16, 100, 1000, 10000, 100000, 1000000, … @decimal 0.0, 2.0~3.4, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"),
        ("is", "one", "@integer 1, 21, 31, 41, 51, 61, 71, 81, 101, 1001, … @decimal 0.1~1.6, 10.1, 100.1, 1000.1, …"),
        ("is", "other", "@integer 0, 2~16, 100, 1000, 10000, 100000, 1000000, … @decimal 0.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"),
        ("mk", "one", "@integer 1, 21, 31, 41, 51, 61, 71, 81, 101, 1001, … @decimal 0.1, 1.1, 2.1, 3.1, 4.1, 5.1, 6.1, 7.1, 10.1, 100.1, 1000.1, …"),
        ("mk", "other", "@integer 0, 2~16, 100, 1000, 10000, 100000, 1000000, … @decimal 0.0, 0.2~1.0, 1.2~1.7, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"),
        ("fil", "one", "@integer 0~3, 5, 7, 8, 10~13, 15, 17, 18, 20, 21, 100, 1000, 10000, 100000, 1000000, … @decimal 0.0~0.3, 0.5, 0.7, 0.8, 1.0~1.3, 1.5, 1.7, 1.8, 2.0, 2.1, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"),
        ("fil", "other", "@integer 4, 6, 9, 14, 16, 19, 24, 26, 104, 1004, … @decimal 0.4, 0.6, 0.9, 1.4, 1.6, 1.9, 2.4, 2.6, 10.4, 100.4, 1000.4, …"),
        ("lv", "zero", "@integer 0, 10~20, 30, 40, 50, 60, 100, 1000, 10000, 100000, 1000000, … @decimal 0.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"),
        ("lv", "one", "@integer 1, 21, 31, 41, 51, 61, 71, 81, 101, 1001, … @decimal 0.1, 1.0, 1.1, 2.1, 3.1, 4.1, 5.1, 6.1, 7.1, 10.1, 100.1, 1000.1, …"),
        ("lv", "other", "@integer 2~9, 22~29, 102, 1002, … @decimal 0.2~0.9, 1.2~1.9, 10.2, 100.2, 1000.2, …"),
        ("lag", "zero", "@integer 0 @decimal 0.0, 0.00, 0.000, 0.0000"),
        ("lag", "one", "@integer 1 @decimal 0.1~1.6"),
        ("ksh", "one", "@integer 1 @decimal 1.0, 1.00, 1.000, 1.0000"),
        ("se", "two", "@integer 2 @decimal 2.0, 2.00, 2.000, 2.0000"),
        ("shi", "few", "@integer 2~10 @decimal 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 2.00, 3.00, 4.00, 5.00, 6.00, 7.00, 8.00"),
        ("shi", "other", "@integer 11~26, 100, 1000, 10000, 100000, 1000000, … @decimal 1.1~1.9, 2.1~2.7, 10.1, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"),
        ("ro", "one", "@integer 1"),
        ("ro", "few", "@integer 0, 2~16, 102, 1002, … @decimal 0.0~1.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"),
        ("ro", "other", "@integer 20~35, 100, 1000, 10000, 100000, 1000000, …"),
        ("hr", "one", "@integer 1, 21, 31, 41, 51, 61, 71, 81, 101, 1001, … @decimal 0.1, 1.1, 2.1, 3.1, 4.1, 5.1, 6.1, 7.1, 10.1, 100.1, 1000.1, …"),
        ("hr", "few", "@integer 2~4, 22~24, 32~34, 42~44, 52~54, 62, 102, 1002, … @decimal 0.2~0.4, 1.2~1.4, 2.2~2.4, 3.2~3.4, 4.2~4.4, 5.2, 10.2, 100.2, 1000.2, …"),
        ("hr", "other", "@integer 0, 5~19, 100, 1000, 10000, 100000, 1000000, … @decimal 0.0, 0.5~1.0, 1.5~2.0, 2.5~2.7, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"),
        ("fr", "one", "@integer 0, 1 @decimal 0.0~1.5"),
        ("fr", "many", "@integer 1000000, 1c6, 2c6, 3c6, 4c6, 5c6, 6c6, … @decimal 1.0000001c6, 1.1c6, 2.0000001c6, 2.1c6, 3.0000001c6, 3.1c6, …"),
        ("fr", "other", "@integer 2~17, 100, 1000, 10000, 100000, 1c3, 2c3, 3c3, 4c3, 5c3, 6c3, … @decimal 2.0~3.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, 1.0001c3, 1.1c3, 2.0001c3, 2.1c3, 3.0001c3, 3.1c3, …"),
        ("pt", "one", "@integer 0, 1 @decimal 0.0~1.5"),
        ("pt", "many", "@integer 1000000, 1c6, 2c6, 3c6, 4c6, 5c6, 6c6, … @decimal 1.0000001c6, 1.1c6, 2.0000001c6, 2.1c6, 3.0000001c6, 3.1c6, …"),
        ("it", "one", "@integer 1"),
        ("it", "many", "@integer 1000000, 1c6, 2c6, 3c6, 4c6, 5c6, 6c6, … @decimal 1.0000001c6, 1.1c6, 2.0000001c6, 2.1c6, 3.0000001c6, 3.1c6, …"),
        ("it", "other", "@integer 0, 2~16, 100, 1000, 10000, 100000, 1c3, 2c3, 3c3, 4c3, 5c3, 6c3, … @decimal 0.0~1.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, 1.0001c3, 1.1c3, 2.0001c3, 2.1c3, 3.0001c3, 3.1c3, …"),
        ("es", "one", "@integer 1 @decimal 1.0, 1.00, 1.000, 1.0000"),
        ("es", "other", "@integer 0, 2~16, 100, 1000, 10000, 100000, 1c3, 2c3, 3c3, 4c3, 5c3, 6c3, … @decimal 0.0~0.9, 1.1~1.6, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, 1.0001c3, 1.1c3, 2.0001c3, 2.1c3, 3.0001c3, 3.1c3, …"),
        ("gd", "one", "@integer 1, 11 @decimal 1.0, 11.0, 1.00, 11.00, 1.000, 11.000, 1.0000"),
        ("gd", "few", "@integer 3~10, 13~19 @decimal 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 3.00"),
        ("sl", "one", "@integer 1, 101, 201, 301, 401, 501, 601, 701, 1001, …"),
        ("sl", "two", "@integer 2, 102, 202, 302, 402, 502, 602, 702, 1002, …"),
        ("sl", "few", "@integer 3, 4, 103, 104, 203, 204, 303, 304, 403, 404, 503, 504, 603, 604, 703, 704, 1003, … @decimal 0.0~1.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"),
        ("sl", "other", "@integer 0, 5~19, 100, 1000, 10000, 100000, 1000000, …"),
        ("hsb", "one", "@integer 1, 101, 201, 301, 401, 501, 601, 701, 1001, … @decimal 0.1, 1.1, 2.1, 3.1, 4.1, 5.1, 6.1, 7.1, 10.1, 100.1, 1000.1, …"),
        ("hsb", "few", "@integer 3, 4, 103, 104, 203, 204, 303, 304, 403, 404, 503, 504, 603, 604, 703, 704, 1003, … @decimal 0.3, 0.4, 1.3, 1.4, 2.3, 2.4, 3.3, 3.4, 4.3, 4.4, 5.3, 5.4, 6.3, 6.4, 7.3, 7.4, 10.3, 100.3, 1000.3, …"),
        ("he", "one", "@integer 1"),
        ("he", "two", "@integer 2"),
        ("he", "many", "@integer 20, 30, 40, 50, 60, 70, 80, 90, 100, 1000, 10000, 100000, 1000000, …"),
        ("he", "other", "@integer 0, 3~17, 101, 1001, … @decimal 0.0~1.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"),
        ("cs", "one", "@integer 1"),
        ("cs", "few", "@integer 2~4"),
        ("cs", "many", "@decimal 0.0~1.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"),
        ("cs", "other", "@integer 0, 5~19, 100, 1000, 10000, 100000, 1000000, …"),
        ("pl", "one", "@integer 1"),
        ("pl", "few", "@integer 2~4, 22~24, 32~34, 42~44, 52~54, 62, 102, 1002, …"),
        ("pl", "many", "@integer 0, 5~19, 100, 1000, 10000, 100000, 1000000, …"),
        ("pl", "other", "@decimal 0.0~1.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"),
        ("be", "one", "@integer 1, 21, 31, 41, 51, 61, 71, 81, 101, 1001, … @decimal 1.0, 21.0, 31.0, 41.0, 51.0, 61.0, 71.0, 81.0, 101.0, 1001.0, …"),
        ("be", "few", "@integer 2~4, 22~24, 32~34, 42~44, 52~54, 62, 102, 1002, … @decimal 2.0, 3.0, 4.0, 22.0, 23.0, 24.0, 32.0, 33.0, 102.0, 1002.0, …"),
        ("be", "many", "@integer 0, 5~19, 100, 1000, 10000, 100000, 1000000, … @decimal 0.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"),
        ("be", "other", "@decimal 0.1~0.9, 1.1~1.7, 10.1, 100.1, 1000.1, …"),
        ("lt", "one", "@integer 1, 21, 31, 41, 51, 61, 71, 81, 101, 1001, … @decimal 1.0, 21.0, 31.0, 41.0, 51.0, 61.0, 71.0, 81.0, 101.0, 1001.0, …"),
        ("lt", "few", "@integer 2~9, 22~29, 102, 1002, … @decimal 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 22.0, 102.0, 1002.0, …"),
        ("lt", "many", "@decimal 0.1~0.9, 1.1~1.7, 10.1, 100.1, 1000.1, …"),
        ("lt", "other", "@integer 0, 10~20, 30, 40, 50, 60, 100, 1000, 10000, 100000, 1000000, … @decimal 0.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"),
        ("mt", "few", "@integer 0, 2~10, 102~107, 1002, … @decimal 0.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 10.0, 102.0, 1002.0, …"),
        ("mt", "many", "@integer 11~19, 111~117, 1011, … @decimal 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 111.0, 1011.0, …"),
        ("ru", "one", "@integer 1, 21, 31, 41, 51, 61, 71, 81, 101, 1001, …"),
        ("ru", "few", "@integer 2~4, 22~24, 32~34, 42~44, 52~54, 62, 102, 1002, …"),
        ("ru", "many", "@integer 0, 5~19, 100, 1000, 10000, 100000, 1000000, …"),
        ("ru", "other", "@decimal 0.0~1.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"),
        ("uk", "many", "@integer 0, 5~19, 100, 1000, 10000, 100000, 1000000, …"),
        ("br", "one", "@integer 1, 21, 31, 41, 51, 61, 81, 101, 1001, … @decimal 1.0, 21.0, 31.0, 41.0, 51.0, 61.0, 81.0, 101.0, 1001.0, …"),
        ("br", "few", "@integer 3, 4, 9, 23, 24, 29, 33, 34, 39, 43, 44, 49, 103, 1003, … @decimal 3.0, 4.0, 9.0, 23.0, 24.0, 29.0, 33.0, 34.0, 103.0, 1003.0, …"),
        ("br", "many", "@integer 1000000, … @decimal 1000000.0, 1000000.00, 1000000.000, 1000000.0000, …"),
        ("br", "other", "@integer 0, 5~8, 10~20, 100, 1000, 10000, 100000, … @decimal 0.0~0.9, 1.1~1.6, 10.0, 100.0, 1000.0, 10000.0, 100000.0, …"),
        ("ga", "few", "@integer 3~6 @decimal 3.0, 4.0, 5.0, 6.0, 3.00, 4.00, 5.00, 6.00, 3.000, 4.000, 5.000, 6.000, 3.0000, 4.0000, 5.0000, 6.0000"),
        ("ga", "many", "@integer 7~10 @decimal 7.0, 8.0, 9.0, 10.0, 7.00, 8.00, 9.00, 10.00, 7.000, 8.000, 9.000, 10.000, 7.0000, 8.0000, 9.0000, 10.0000"),
        ("gv", "few", "@integer 0, 20, 40, 60, 80, 100, 120, 140, 1000, 10000, 100000, 1000000, …"),
        ("gv", "many", "@decimal 0.0~1.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"),
        ("gv", "other", "@integer 3~10, 13~19, 23, 103, 1003, …"),
        ("kw", "two", "@integer 2, 22, 42, 62, 82, 102, 122, 142, 1000, 10000, 100000, … @decimal 2.0, 22.0, 42.0, 62.0, 82.0, 102.0, 122.0, 142.0, 1000.0, 10000.0, 100000.0, …"),
        ("kw", "many", "@integer 21, 41, 61, 81, 101, 121, 141, 161, 1001, … @decimal 21.0, 41.0, 61.0, 81.0, 101.0, 121.0, 141.0, 161.0, 1001.0, …"),
        ("kw", "other", "@integer 4~19, 100, 1004, 1000000, … @decimal 0.1~0.9, 1.1~1.7, 10.0, 100.0, 1000.1, 1000000.0, …"),
        ("ar", "zero", "@integer 0 @decimal 0.0, 0.00, 0.000, 0.0000"),
        ("ar", "few", "@integer 3~10, 103~110, 1003, … @decimal 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 103.0, 1003.0, …"),
        ("ar", "many", "@integer 11~26, 111, 1011, … @decimal 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 111.0, 1011.0, …"),
        ("ar", "other", "@integer 100~102, 200~202, 300~302, 400~402, 500~502, 600, 1000, 10000, 100000, 1000000, … @decimal 0.1~0.9, 1.1~1.7, 10.1, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"),
        ("cy", "few", "@integer 3 @decimal 3.0, 3.00, 3.000, 3.0000"),
        ("cy", "many", "@integer 6 @decimal 6.0, 6.00, 6.000, 6.0000"),
        ("cy", "other", "@integer 4, 5, 7~20, 100, 1000, 10000, 100000, 1000000, … @decimal 0.1~0.9, 1.1~1.7, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"),
    ]

    /// The numbers of one sample text: each item, each `a~b` range stepped at its last digit (`0.00~0.04` is
    /// 0.00, 0.01, …, 0.04), as TR35 "Samples" describes; `…` is skipped.
    static func numbers(_ text: String) -> [String] {
        var result: [String] = []
        for item in text.split(separator: " ").joined(separator: " ").split(separator: ",") {
            let words = item.split(separator: " ").filter { !$0.hasPrefix("@") && $0 != "…" }
            for word in words {
                let bounds = word.split(separator: "~").map(String.init)
                guard bounds.count == 2 else {
                    result.append(String(word))
                    continue
                }
                let decimals = bounds[0].split(separator: ".").dropFirst().first?.count ?? 0
                let scale = (0..<decimals).reduce(1) { value, _ in value * 10 }
                func scaled(_ text: String) -> Int { Int(text.replacingOccurrences(of: ".", with: ""))! }
                for value in scaled(bounds[0])...scaled(bounds[1]) {
                    if decimals == 0 {
                        result.append(String(value))
                    } else {
                        let fraction = String(value % scale)
                        result.append("\(value / scale)." + String(repeating: "0", count: decimals - fraction.count) + fraction)
                    }
                }
            }
        }
        return result
    }

    @Test func expandsRangesAsTR35Describes() {
        #expect(Self.numbers("@integer 0~3, 100 @decimal 0.0~0.3, 0.00~0.02, 1c6, …")
                == ["0", "1", "2", "3", "100", "0.0", "0.1", "0.2", "0.3", "0.00", "0.01", "0.02", "1c6"])
    }

    @Test(arguments: samples.map { "\($0.0) \($0.1)" })
    func everyCLDRSampleSelectsItsCategory(_ name: String) throws {
        let sample = try #require(Self.samples.first { "\($0.0) \($0.1)" == name })
        let numbers = Self.numbers(sample.2)
        #expect(!numbers.isEmpty)
        for number in numbers {
            #expect(PluralCategories.category(for: number, localization: sample.0) == sample.1, "\(sample.0) \(number)")
        }
    }

    @Test func integerCategoriesAreTheCategoriesWithIntegerSamples() throws {
        // The RuleSet's integer categories (used for integer value types) agree with the @integer samples above.
        for locale in Set(Self.samples.map(\.0)) {
            let withIntegers = Set(Self.samples.filter { $0.0 == locale && $0.2.contains("@integer") }.map(\.1))
            let declared = try #require(PluralCategories.ruleSet(forLocalization: locale)?.integerCategories)
            #expect(withIntegers.isSubset(of: declared), "\(locale)")
        }
        for locale in ["ru", "uk", "pl", "be"] {
            #expect(PluralCategories.ruleSet(forLocalization: locale)?.integerCategories == ["one", "few", "many"], "\(locale)")
        }
    }

    @Test func millionCategoriesAreThoseWhoseSamplesStartAtAMillion() {
        for locale in ["fr", "es", "it", "pt", "ca", "pt_PT", "br"] {
            #expect(PluralCategories.ruleSet(forLocalization: locale)?.millionCategories == ["many"], "\(locale)")
        }
        for locale in ["ru", "pl", "ar", "en", "he"] {
            #expect(PluralCategories.ruleSet(forLocalization: locale)?.millionCategories == [], "\(locale)")
        }
    }

    @Test func refusesWhatIsNotANumber() {
        for text in ["", "x", "1.", ".5", "1,5", "1e", "--1", "1234567890123456789"] {
            #expect(PluralCategories.category(for: text, localization: "en") == nil, "\(text)")
        }
        #expect(PluralCategories.category(for: "1", localization: "Base") == nil)
    }
}
