import Foundation
import Testing
@testable import OTALocalizationsCore

/// Expected values come from Python's `plistlib` (writing and reading the same bytes), see ``PythonPlistOracle``.
@Suite struct PropertyListReaderTests {
    /// Python builds a value with every type, writes it as XML and binary, and prints its canonical form.
    private static let everyTypeScript = """
    import datetime
    value = {
        "string": "Hello, wörld ✓ 😀 <&> \\"q\\" 'a'",
        "empty": "",
        "integers": [0, 1, -1, 255, 256, 65535, 65536, 2**31, -2**31, 2**32, 2**63 - 1, -2**63],
        "reals": [0.0, -0.0, 0.5, 3.14159, -1e300, 1e-300, 12345678.9],
        "bools": [True, False],
        "date": datetime.datetime(2024, 2, 29, 13, 45, 7),
        "old date": datetime.datetime(1901, 1, 1, 0, 0, 0),
        "data": bytes(range(256)),
        "nested": {"a": [{"b": {"c": ["deep", 1, {}]}}], "": []},
        "many": {str(i): i for i in range(40)},
        "long": "x" * 300,
        "unicode key é": "v",
    }
    d = sys.argv[1]
    open(d + "/v.xml", "wb").write(plistlib.dumps(value, fmt=plistlib.FMT_XML, sort_keys=False))
    open(d + "/v.bin", "wb").write(plistlib.dumps(value, fmt=plistlib.FMT_BINARY, sort_keys=False))
    # Expected values are what plistlib reads back (its binary writer merges 0.0 and -0.0, for example).
    print(canon(plistlib.loads(open(d + "/v.xml", "rb").read())))
    print(canon(plistlib.loads(open(d + "/v.bin", "rb").read())))
    """

    @Test func readsEveryTypeLikePlistlibInXMLAndBinary() throws {
        let directory = try PythonPlistOracle.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let lines = String(decoding: try PythonPlistOracle.run(Self.everyTypeScript, arguments: [directory.path]), as: UTF8.self)
            .split(separator: "\n").map(String.init)
        try #require(lines.count == 2)
        let xml = try PropertyListReader.read(try Data(contentsOf: directory.appendingPathComponent("v.xml")))
        let binary = try PropertyListReader.read(try Data(contentsOf: directory.appendingPathComponent("v.bin")))
        #expect(xml.format == .xmlPropertyList)
        #expect(binary.format == .binaryPropertyList)
        #expect(PythonPlistOracle.canon(xml.value) == lines[0])
        #expect(PythonPlistOracle.canon(binary.value) == lines[1])
        #expect(lines[0].contains("r8000000000000000"))
    }

    @Test func readsXMLFeaturesLikePlistlib() throws {
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- leading comment -->
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<!-- a comment between entries -->
        \t<key>entities</key>
        \t<string>&amp; &lt; &gt; &quot; &apos; &#233; &#x1F600;</string>
        \t<key>cdata</key>
        \t<string><![CDATA[<b>bold</b> & raw]]> tail</string>
        \t<key>crlf</key>
        \t<string>a\r\nb\rc</string>
        \t<key>empty</key>
        \t<string/>
        \t<key>hex</key>
        \t<integer>0x1F</integer>
        \t<key>negative</key>
        \t<integer> -42 </integer>
        \t<key>real</key>
        \t<real>2.5e3</real>
        \t<key>data</key>
        \t<data>
        \tAAEC
        \tAwQ=
        \t</data>
        \t<key>date</key>
        \t<date>2001-01-01T00:00:00Z</date>
        \t<key>t</key><true/><key>f</key><false/>
        \t<key>a</key><array><string>x</string><array/><dict/></array>
        </dict>
        </plist>

        """
        let directory = try PythonPlistOracle.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("f.plist")
        try Data(xml.utf8).write(to: file)
        let expected = String(decoding: try PythonPlistOracle.run(
            "print(canon(plistlib.load(open(sys.argv[1], 'rb'))))", arguments: [file.path]), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let ours = try PropertyListReader.read(Data(xml.utf8))
        #expect(PythonPlistOracle.canon(ours.value) == expected)
        #expect(ours.value.dictionaryValue?["entities"] == .string("& < > \" ' é 😀"))
    }

    @Test func reportsXMLErrorsWithLineAndColumn() throws {
        let cases: [(String, String, String)] = [
            ("<plist><dict>\n<key>a</key>\n<strin>x</strin></dict></plist>", "3:1", "<strin>"),
            ("<plist><dict>\n<key>a</key>\n</dict></plist>", "3:1", "expected a value element"),
            ("<plist><dict>\n<key>a</key><string>x</dict></plist>", "2:22", "expected </string>"),
            ("<plist>\n<dict>\n<string>x</string></dict></plist>", "3:1", "expected <key>"),
            ("<plist><string>a &nbsp; b</string></plist>", "1:18", "unknown entity"),
            ("<plist><integer>12x</integer></plist>", "1:8", "integer"),
            ("<plist><string>open", "1:20", "found end of file"),
            ("<?xml version=\"1.0\"?>\n<plist>\n  <!-- open", "3:3", "unterminated comment"),
            ("<plist><dict></dict></plist>\n<extra/>", "2:1", "end of document"),
        ]
        for (text, place, fragment) in cases {
            do {
                _ = try PropertyListReader.read(Data(text.utf8), path: "x.plist")
                Issue.record("expected an error for \(text)")
            } catch {
                #expect(error.code == .propertyList, "\(text)")
                #expect("\(error.line):\(error.column)" == place, "\(text): \(error)")
                #expect(error.reason.contains(fragment), "\(text): \(error)")
            }
        }
    }

    @Test func rejectsDeepNestingWithoutCrashing() throws {
        let depth = 100_000
        let xml = "<plist>" + String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth) + "</plist>"
        #expect(throws: TableError.self) { try PropertyListReader.read(Data(xml.utf8)) }
        let ok = "<plist>" + String(repeating: "<array>", count: 32) + String(repeating: "</array>", count: 32) + "</plist>"
        #expect(try PropertyListReader.read(Data(ok.utf8)).format == .xmlPropertyList)
    }

    // MARK: Binary

    /// A binary property list assembled by hand: `objects` (each already encoded), 1-byte offsets and references.
    private func bplist(_ objects: [[UInt8]], top: UInt8 = 0, referenceSize: UInt8 = 1, objectCount: UInt64? = nil) -> Data {
        var bytes = Array("bplist00".utf8)
        var offsets: [UInt8] = []
        for object in objects {
            offsets.append(UInt8(bytes.count))
            bytes += object
        }
        let tableOffset = UInt64(bytes.count)
        bytes += offsets
        bytes += [0, 0, 0, 0, 0, 0, 1, referenceSize]
        for value in [objectCount ?? UInt64(objects.count), UInt64(top), tableOffset] {
            bytes += withUnsafeBytes(of: value.bigEndian) { Array($0) }
        }
        return Data(bytes)
    }

    @Test func readsHandAssembledBinary() throws {
        // {"k": [true, 7]}: dict(1) keys[1] values[2]; "k"; array(2) [3, 4]; true; int 7.
        let data = bplist([[0xD1, 1, 2], [0x51, 0x6B], [0xA2, 3, 4], [0x09], [0x10, 7]])
        let value = try PropertyListReader.read(data).value
        #expect(value == .dictionary(["k": .array([.bool(true), .integer(7)])]))
    }

    /// A binary property list of arrays (`children` object indices, fewer than 15) or `true` (nil),
    /// with 4-byte offsets and 2-byte references; object 0 is the top.
    private func arraysBinary(_ objects: [[Int]?]) -> Data {
        var bytes = Array("bplist00".utf8)
        var offsets: [UInt8] = []
        for object in objects {
            offsets += withUnsafeBytes(of: UInt32(bytes.count).bigEndian) { Array($0) }
            if let children = object {
                bytes.append(0xA0 | UInt8(children.count))
                for child in children { bytes += [UInt8(child >> 8), UInt8(child & 0xFF)] }
            } else {
                bytes.append(0x09)
            }
        }
        let tableOffset = UInt64(bytes.count)
        bytes += offsets
        bytes += [0, 0, 0, 0, 0, 0, 4, 2]
        for value in [UInt64(objects.count), 0, tableOffset] {
            bytes += withUnsafeBytes(of: value.bigEndian) { Array($0) }
        }
        return Data(bytes)
    }

    /// Nested single-element arrays `depth` deep around `true`.
    private func nestedBinary(depth: Int) -> Data {
        arraysBinary((0...depth).map { $0 == depth ? nil : [$0 + 1] })
    }

    @Test func rejectsDeepNestingThroughASharedObject() throws {
        // Top [A, B]: A = objects 1...300 nested around true (301); B = objects 302...601 nested, ending in A.
        // Decoding A first memoizes it; B reaches it again 300 levels down: 600 levels in all.
        var objects: [[Int]?] = [[1, 302]]
        for index in 1...300 { objects.append([index + 1]) }
        objects.append(nil)
        for index in 302...601 { objects.append(index == 601 ? [1] : [index + 1]) }
        #expect(throws: TableError.self) { try PropertyListReader.read(arraysBinary(objects)) }
    }

    @Test func readsBinaryNestingUpToTheLimitAndRejectsDeeper() throws {
        var expected = PropertyListValue.bool(true)
        for _ in 0..<31 { expected = .array([expected]) }
        #expect(try PropertyListReader.read(nestedBinary(depth: 31)).value == expected)
        #expect(throws: TableError.self) { try PropertyListReader.read(nestedBinary(depth: 32)) }
        #expect(throws: TableError.self) { try PropertyListReader.read(nestedBinary(depth: 20_000)) }
    }

    @Test func rejectsBinaryCyclesAndBadReferences() throws {
        let cases: [(String, Data)] = [
            ("cycle", bplist([[0xA1, 0]])),
            ("two-object cycle", bplist([[0xA1, 1], [0xA1, 0]])),
            ("reference out of range", bplist([[0xA1, 9]])),
            ("top object out of range", bplist([[0x09]], top: 3)),
            ("absurd object count", bplist([[0x09]], objectCount: UInt64.max)),
            ("absurd array count", bplist([[0xAF, 0x13] + withUnsafeBytes(of: UInt64.max.bigEndian) { Array($0) }])),
            ("string past end", bplist([[0x5F, 0x10, 200, 0x41]])),
            ("non-string key", bplist([[0xD1, 1, 1], [0x10, 1]])),
            ("uid", bplist([[0x80, 1]])),
            ("null", bplist([[0x00]])),
            ("too short", Data("bplist00".utf8)),
        ]
        for (name, data) in cases {
            #expect(throws: TableError.self, "\(name)") { try PropertyListReader.read(data) }
        }
    }

    @Test func rejectsExponentialSharing() throws {
        // Object i is an array holding object i+1 twice: 2^60 leaves if expanded.
        var objects: [[UInt8]] = []
        for index in 0..<60 { objects.append([0xA2, UInt8(index + 1), UInt8(index + 1)]) }
        objects.append([0x09])
        #expect(throws: TableError.self) { try PropertyListReader.read(bplist(objects)) }
    }

    @Test func neverTrapsOnMutatedBinary() throws {
        let directory = try PythonPlistOracle.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try PythonPlistOracle.run(Self.everyTypeScript, arguments: [directory.path])
        let original = [UInt8](try Data(contentsOf: directory.appendingPathComponent("v.bin")))
        var parsed = 0
        for position in stride(from: 0, to: original.count, by: max(1, original.count / 400)) {
            for replacement: UInt8 in [0x00, 0xFF, original[position] &+ 1] {
                var mutated = original
                mutated[position] = replacement
                if (try? PropertyListReader.read(Data(mutated))) != nil { parsed += 1 }
            }
        }
        for length in stride(from: 0, to: original.count, by: 7) {
            _ = try? PropertyListReader.read(Data(original[0..<length]))
        }
        #expect(parsed > 0)
    }

    @Test func neverTrapsOnTruncatedXML() throws {
        let directory = try PythonPlistOracle.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try PythonPlistOracle.run(Self.everyTypeScript, arguments: [directory.path])
        let original = [UInt8](try Data(contentsOf: directory.appendingPathComponent("v.xml")))
        for length in stride(from: 0, to: original.count, by: 3) {
            _ = try? PropertyListReader.read(Data(original[0..<length]))
        }
    }
}
