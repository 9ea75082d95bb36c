import Foundation
import OTATestSupport
import Testing

@testable import OTALocalizationsCore
@testable import OTALocalizationsPublishing

/// The one property-list writer behind the String Catalog compiler and every bundle's `Info.plist`: exact XML bytes,
/// and binary bytes that the project's reader and Python's `plistlib` both read back to the same values.
@Suite struct PropertyListWriterTests {
    private let node = PropertyListNode.dictionary([
        ("b", .string("2 < 3 & 4 > 1")),
        ("a", .dictionary([])),
        ("c", .dictionary([("inner", .string("é ✓"))])),
    ])

    @Test func xmlIsXcodesLayoutWithSortedKeysAndEscapes() {
        let text = String(decoding: PropertyListWriter.data(node, format: .xml), as: UTF8.self)
        #expect(text == """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>a</key>
            \t<dict/>
            \t<key>b</key>
            \t<string>2 &lt; 3 &amp; 4 &gt; 1</string>
            \t<key>c</key>
            \t<dict>
            \t\t<key>inner</key>
            \t\t<string>é ✓</string>
            \t</dict>
            </dict>
            </plist>

            """)
    }

    @Test(arguments: [PropertyListWriter.Format.xml, .binary])
    func readsBackToTheSameValues(_ format: PropertyListWriter.Format) throws {
        // More than 15 members (a count written after the marker), shared strings and UTF-16 text.
        var members: [(key: String, value: PropertyListNode)] = (0..<20).map { ("key\($0)", .string("same")) }
        members.append(("nested", node))
        let data = PropertyListWriter.data(.dictionary(members), format: format)
        let (value, _) = try PropertyListReader.read(data)
        let root = try #require(value.dictionaryValue)
        #expect(root.count == 21)
        #expect(root["key17"] == .string("same"))
        let nested = try #require(root["nested"]?.dictionaryValue)
        #expect(nested["a"] == .dictionary([:]))
        #expect(nested["b"] == .string("2 < 3 & 4 > 1"))
        #expect(nested["c"] == .dictionary(["inner": .string("é ✓")]))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("plist-writer-\(UUID().uuidString)")
        try data.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let printed = try PythonPlistOracle.run(
            "print(canon(plistlib.loads(open(sys.argv[1], 'rb').read())['nested']))", arguments: [file.path])
        let expected = "{" + ["a": "{}", "b": "s" + hex("2 < 3 & 4 > 1"), "c": "{\(hex("inner")):s\(hex("é ✓"))}"]
            .sorted { $0.key < $1.key }.map { "\(hex($0.key)):\($0.value)" }.joined(separator: ",") + "}\n"
        #expect(String(decoding: printed, as: UTF8.self) == expected)
    }

    @Test func sameNodeSameBytesWhateverTheMemberOrder() {
        let reversed = PropertyListNode.dictionary([
            ("c", .dictionary([("inner", .string("é ✓"))])), ("a", .dictionary([])), ("b", .string("2 < 3 & 4 > 1")),
        ])
        for format in [PropertyListWriter.Format.xml, .binary] {
            #expect(PropertyListWriter.data(node, format: format) == PropertyListWriter.data(reversed, format: format))
        }
    }

    @Test func infoPlistIsTheWritersXMLOfItsThreeKeys() throws {
        // The hand-written fixture the installer tests use, with the region escaped as XML requires.
        let text = String(decoding: BundleInfoPlist.bytes(developmentRegion: "a&b<c>"), as: UTF8.self)
        #expect(text == BundleFixtures.infoPlist(developmentRegion: "a&amp;b&lt;c&gt;"))
        #expect(try BundleInfoPlist.developmentRegion(in: BundleInfoPlist.bytes(developmentRegion: "a&b<c>")) == "a&b<c>")
    }

    @Test func deviceTemplateOfInfoPlistMatchesTheWriter() {
        // Core writes Info.plist from a template so that devices link no writer; the bytes must stay the writer's.
        for region in ["en", "pt-BR", "zh_Hans", "a&b<c>", "é ✓"] {
            let written = PropertyListWriter.data(
                .dictionary([
                    ("CFBundlePackageType", .string("BNDL")), ("CFBundleDevelopmentRegion", .string(region)),
                    ("CFBundleInfoDictionaryVersion", .string("6.0")),
                ]),
                format: .xml)
            #expect(BundleInfoPlist.bytes(developmentRegion: region) == written)
        }
    }

    private func hex(_ text: String) -> String {
        text.utf8.map { String(format: "%02x", $0) }.joined()
    }
}
