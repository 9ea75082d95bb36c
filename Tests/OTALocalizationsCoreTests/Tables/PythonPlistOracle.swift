import Foundation
@testable import OTALocalizationsCore

/// Runs Python's `plistlib` as the independent source of expected property-list values.
///
/// Values are compared through one canonical text both sides produce: `T`/`F`, `i<decimal>`, `r<hex of the
/// big-endian double>`, `s<hex of UTF-8>`, `b<hex>`, `d<seconds since 1970>`, `[a,b]`, `{<hex key>:<value>,...}`
/// with keys sorted by their UTF-8 bytes.
enum PythonPlistOracle {
    static let canonFunction = """
    import sys, json, struct, datetime, plistlib
    def canon(v):
        if isinstance(v, bool): return "T" if v else "F"
        if isinstance(v, int): return "i%d" % v
        if isinstance(v, float): return "r" + struct.pack(">d", v).hex()
        if isinstance(v, str): return "s" + v.encode("utf-8", "surrogatepass").hex()
        if isinstance(v, bytes): return "b" + v.hex()
        if isinstance(v, datetime.datetime): return "d%d" % round((v.replace(tzinfo=None) - datetime.datetime(1970, 1, 1)).total_seconds())
        if isinstance(v, list): return "[" + ",".join(canon(x) for x in v) + "]"
        if isinstance(v, dict):
            items = sorted(v.items(), key=lambda kv: kv[0].encode("utf-8", "surrogatepass"))
            return "{" + ",".join(k.encode("utf-8", "surrogatepass").hex() + ":" + canon(x) for k, x in items) + "}"
        raise TypeError(type(v))

    """

    /// Runs `script` (after the canon function) with `arguments`; returns stdout.
    static func run(_ script: String, arguments: [String] = []) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", canonFunction + script] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw OracleError(message: String(decoding: errorText, as: UTF8.self))
        }
        return data
    }

    struct OracleError: Error, CustomStringConvertible {
        var message: String
        var description: String { "python3 failed: \(message)" }
    }

    /// Our canonical text for `value`, matching `canon` above.
    static func canon(_ value: PropertyListValue) -> String {
        switch value {
        case .bool(let flag): return flag ? "T" : "F"
        case .integer(let number): return "i\(number)"
        case .real(let number): return "r" + hexBytes(withUnsafeBytes(of: number.bitPattern.bigEndian) { Array($0) })
        case .string(let text): return "s" + hexBytes(Array(text.utf8))
        case .data(let data): return "b" + hexBytes(Array(data))
        case .date(let date): return "d\(Int(date.timeIntervalSince1970.rounded()))"
        case .array(let items): return "[" + items.map(canon).joined(separator: ",") + "]"
        case .dictionary(let dictionary):
            let keys = dictionary.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
            return "{" + keys.map { hexBytes(Array($0.utf8)) + ":" + canon(dictionary[$0] ?? .bool(false)) }.joined(separator: ",") + "}"
        }
    }

    static func hexBytes(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef")
        var text = ""
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return text
    }

    /// A fresh temporary directory for one test.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ota-tables-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
