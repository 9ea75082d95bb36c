import Foundation
import OTATestSupport
import Testing

/// `ota-localizations diff` run as a binary on version folders `package` wrote and on repositories; exact output.
@Suite struct DiffCommandTests {
    private func cli(_ arguments: [String], in folder: URL? = nil) async throws -> ToolResult {
        try await ExternalTool.run(TestPaths.cliExecutable.path, arguments, currentDirectory: folder)
    }

    private static let items = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
            <key>items</key>
            <dict>
                <key>NSStringLocalizedFormatKey</key><string>%#@count@</string>
                <key>count</key>
                <dict>
                    <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                    <key>NSStringFormatValueTypeKey</key><string>d</string>
                    <key>one</key><string>ONE</string>
                    <key>other</key><string>%d items</string>
                </dict>
            </dict>
        </dict>
        </plist>
        """

    /// A repository with one module, `Shop` (en and fr), as published.
    static func writePublished(_ repo: TemporaryDirectory) throws {
        try repo.write("Shop/en.lproj/Localizable.strings", "\"title\" = \"Shop\";\n\"legacy\" = \"Old\";\n")
        try repo.write("Shop/fr.lproj/Localizable.strings", "\"title\" = \"Boutique\";\n\"legacy\" = \"Ancien\";\n")
        try repo.write("Shop/en.lproj/Items.stringsdict", items.replacingOccurrences(of: "ONE", with: "%d item"))
    }

    /// The same repository edited: en's title reworded, a key added and one removed, a plural form reworded,
    /// a German localization and a new module `Cart`.
    static func writeNew(_ repo: TemporaryDirectory) throws {
        try repo.write("Shop/en.lproj/Localizable.strings", "\"title\" = \"Our shop\";\n\"promo\" = \"Free | *shipping*\";\n")
        try repo.write("Shop/fr.lproj/Localizable.strings", "\"title\" = \"Boutique\";\n")
        try repo.write("Shop/en.lproj/Items.stringsdict", items.replacingOccurrences(of: "ONE", with: "One item"))
        try repo.write("Shop/de.lproj/Localizable.strings", "\"title\" = \"Laden\";\n")
        try repo.write("Cart/en.lproj/Localizable.strings", "\"cart\" = \"Cart\";\n")
    }

    static let expectedText = """
        Cart (new module)
          en.lproj/Localizable.strings
            added    cart: "Cart"
        Shop
          de.lproj/Localizable.strings (new localization)
            added    title: "Laden"
          en.lproj/Items.stringsdict
            changed  items
                       count/one: "%d item" → "One item"
          en.lproj/Localizable.strings
            removed  legacy: "Old"
            added    promo: "Free | *shipping*"
            changed  title: "Shop" → "Our shop"
          fr.lproj/Localizable.strings
            removed  legacy: "Ancien"
        Differences in 2 of 2 modules: 3 keys added, 2 removed, 2 changed.

        """

    @Test func aPackagedFolderAgainstTheNextPackageListsEveryKeyThatChanged() async throws {
        // Given: the published package, and the edited repository packaged into another folder.
        let work = try TemporaryDirectory("diff-cli")
        defer { work.remove() }
        let (before, after) = (try TemporaryDirectory("diff-before"), try TemporaryDirectory("diff-after"))
        defer { before.remove(); after.remove() }
        try Self.writePublished(before)
        try Self.writeNew(after)
        for (repo, output) in [(before, "published"), (after, "new")] {
            let packaged = try await cli(["package", repo.path, "--app-version", "1.0", "--output", output, "--quiet"], in: work.url)
            #expect(packaged.status == 0, "\(packaged.stderr)")
        }

        // When / Then: the text form, exit status 0 though there are differences.
        let text = try await cli(["diff", "published/1.0", "new/1.0"], in: work.url)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stderr.isEmpty)
        #expect(text.stdout == Self.expectedText)

        // The repository itself reads as its package, and --exit-code makes differences exit 1.
        let repository = try await cli(["diff", "published/1.0", after.path, "--exit-code"], in: work.url)
        #expect(repository.status == 1)
        #expect(repository.stdout == Self.expectedText)
        let same = try await cli(["diff", "new/1.0", after.path, "--exit-code"], in: work.url)
        #expect(same.status == 0)
        #expect(same.stdout == "No differences in 2 modules.\n")
    }

    @Test func packagingDocShowsThisOutput() throws {
        let text = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("docs/packaging.md"), encoding: .utf8)
        let section = try #require(MarkdownText.section("## Comparing with what is published: `ota-localizations diff`", in: text))
        let block = try #require(MarkdownText.fencedBlocks("text", in: section).first)
        #expect(block.joined(separator: "\n") + "\n" == Self.expectedText)
    }

    @Test func jsonHasEveryDifferenceWithBothValues() async throws {
        let (before, after) = (try TemporaryDirectory("diff-json-before"), try TemporaryDirectory("diff-json-after"))
        defer { before.remove(); after.remove() }
        try Self.writePublished(before)
        try Self.writeNew(after)

        let result = try await cli(["diff", before.path, after.path, "--json"])

        #expect(result.status == 0, "\(result.stderr)")
        // Read back with Python's json module.
        let summary = try await ExternalTool.python("""
            import sys, json
            o = json.loads(sys.argv[1])
            print(o["identical"], o["modules"], o["modulesWithDifferences"], o["keysAdded"], o["keysRemoved"], o["keysChanged"], o["tablesNotCompared"])
            for m in o["differences"]:
                for l in m["localizations"]:
                    for t in l["tables"]:
                        for k in t["keys"]:
                            for v in k["values"]:
                                print(m["module"], m["presence"], l["localization"], l["presence"], t["table"], t["presence"],
                                      k["key"], k["change"], "/".join(v["path"]), json.dumps(v["published"]), json.dumps(v["new"]))
            """, [result.stdout])
        #expect(summary.split(separator: "\n").map(String.init) == [
            "False 2 2 3 2 2 0",
            "Cart new en new Localizable.strings new cart added  null \"Cart\"",
            "Shop both de new Localizable.strings new title added  null \"Laden\"",
            "Shop both en both Items.stringsdict both items changed count/one \"%d item\" \"One item\"",
            "Shop both en both Localizable.strings both legacy removed  \"Old\" null",
            "Shop both en both Localizable.strings both promo added  null \"Free | *shipping*\"",
            "Shop both en both Localizable.strings both title changed  \"Shop\" \"Our shop\"",
            "Shop both fr both Localizable.strings both legacy removed  \"Ancien\" null",
        ])
    }

    @Test func githubFormatIsAMarkdownCommentWithCodeSpans() async throws {
        let (before, after) = (try TemporaryDirectory("diff-md-before"), try TemporaryDirectory("diff-md-after"))
        defer { before.remove(); after.remove() }
        try Self.writePublished(before)
        try Self.writeNew(after)

        let result = try await cli(["diff", before.path, after.path, "--format", "github"])

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            ### Strings: what this publish changes

            Published: `\(before.path)` · new: `\(after.path)`

            Differences in 2 of 2 modules: 3 keys added, 2 removed, 2 changed.

            #### Cart (new module)

            **`en.lproj/Localizable.strings`**

            | Change | Key | Published | New |
            |---|---|---|---|
            | added | `cart` |  | `"Cart"` |

            #### Shop

            **`de.lproj/Localizable.strings`** (new localization)

            | Change | Key | Published | New |
            |---|---|---|---|
            | added | `title` |  | `"Laden"` |

            **`en.lproj/Items.stringsdict`**

            | Change | Key | Published | New |
            |---|---|---|---|
            | changed | `items (count/one)` | `"%d item"` | `"One item"` |

            **`en.lproj/Localizable.strings`**

            | Change | Key | Published | New |
            |---|---|---|---|
            | removed | `legacy` | `"Old"` |  |
            | added | `promo` |  | `"Free \\| *shipping*"` |
            | changed | `title` | `"Shop"` | `"Our shop"` |

            **`fr.lproj/Localizable.strings`**

            | Change | Key | Published | New |
            |---|---|---|---|
            | removed | `legacy` | `"Ancien"` |  |

            """)
    }

    @Test func aCommentTooLongForGitHubIsCutWithTheCountOfRowsLeftOut() async throws {
        // Given: 2,000 keys added, about 100 bytes of Markdown each, far beyond GitHub's 65,536 characters.
        let (before, after) = (try TemporaryDirectory("diff-long-before"), try TemporaryDirectory("diff-long-after"))
        defer { before.remove(); after.remove() }
        try before.write("Shop/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        let keys = (0..<2000).map { "\"key.\($0)\" = \"A value of some length for row number \($0)\";" }
        try after.write("Shop/en.lproj/Localizable.strings", "\"a\" = \"A\";\n" + keys.joined(separator: "\n") + "\n")

        let result = try await cli(["diff", before.path, after.path, "--format", "github"])

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.utf8.count <= 65_001)
        let shown = result.stdout.split(separator: "\n").filter { $0.hasPrefix("| added | ") }.count
        #expect(shown > 100)
        #expect(result.stdout.hasSuffix("\n\n…and \(2000 - shown) more rows not shown: a comment holds at most 65,536 characters. "
            + "Run 'ota-localizations diff' with these two locations for the whole list.\n"))
    }

    @Test func aPublishedTableThatDoesNotParseIsListedAsNotCompared() async throws {
        // Given: a version folder made by hand (Info-ZIP's zip, sha256sum) whose ZIP holds a broken table.
        let work = try TemporaryDirectory("diff-broken")
        defer { work.remove() }
        try work.write("bundle/en.lproj/Localizable.strings", "\"a\" = \"A\"\n")
        try work.write("repo/Shop/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try FileManager.default.createDirectory(at: work.url.appendingPathComponent("1.0"), withIntermediateDirectories: true)
        let zip = work.url.appendingPathComponent("1.0/Shop-1.zip")
        #expect(try await ExternalTool.run("zip", ["-X", "-q", "-r", zip.path, "."], currentDirectory: work.url.appendingPathComponent("bundle")).status == 0)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: zip.path)[.size] as? Int)
        try work.write("1.0/manifest.json", """
            {"formatVersion":1,"appVersion":"1.0","publishedAt":"2026-07-24T10:00:00Z","developmentRegion":"en",
             "modules":[{"name":"Shop","path":"Shop-1.zip","sha256":"\(try await ExternalTool.sha256sum(zip))","size":\(size),"localizations":["en"]}]}
            """)

        let result = try await cli(["diff", "1.0", "repo"], in: work.url)

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            Shop
              en.lproj/Localizable.strings: not compared: the published table cannot be read (Shop/en.lproj/Localizable.strings:1:10: expected ';' after the value of "a", found end of file)
            Differences in 1 of 1 module: 0 keys added, 0 removed, 0 changed; 1 table not compared.

            """)
    }

    @Test func usageErrorsAndUnreadableSidesExitWithTheirStatus() async throws {
        let missing = try await cli(["diff", "only-one", "--json"])
        #expect(missing.status == 2)
        #expect(missing.stdout == "{\"error\":{\"code\":\"usage\",\"message\":\"missing <new>; give the published location and the new version folder\"}}\n")
        #expect(missing.stderr == "error: missing <new>; give the published location and the new version folder\nRun 'ota-localizations diff --help' for usage.\n")
        let format = try await cli(["diff", "a", "b", "--format", "xml"])
        #expect(format.status == 2)
        #expect(format.stderr.hasPrefix("error: --format must be text, json or github\n"))

        let absent = try await cli(["diff", "/nonexistent/ota/1.0", "/nonexistent/repo", "--json"])
        #expect(absent.status == 1)
        let message = "<published>: '/nonexistent/ota/1.0' does not exist; give a version folder 'package' wrote (or its manifest), "
            + "a repository root, or the http(s) URL of a published version folder"
        #expect(absent.stdout == "{\"error\":{\"code\":\"missing-folder\",\"message\":\"\(message)\"}}\n")
        #expect(absent.stderr == "error: \(message)\n")
    }
}
