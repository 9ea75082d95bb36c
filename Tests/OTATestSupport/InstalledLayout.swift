import Foundation

/// The installed-folder formats of docs/operations.md ("Storage on the device"), written independently of the code
/// under test: storage names and seals for tests that build or check installs by hand.
public enum InstalledLayout {
    /// The module's folder name: UTF-8 of its NFC form, every byte other than `a`-`z`, `0`-`9`, `-`, `_` as `%XX`
    /// (uppercase hex).
    public static func storageName(_ module: String) -> String {
        var out = ""
        for byte in module.precomposedStringWithCanonicalMapping.utf8 {
            let literal = (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || byte == 0x2D || byte == 0x5F
            out += literal ? String(UnicodeScalar(byte)) : String(format: "%%%02X", byte)
        }
        return out
    }

    /// The seal file name inside an installed folder.
    public static let sealFileName = ".ota-seal"

    /// The seal of `files` (path to bytes; one must be `Info.plist`), hashed by Python's `hashlib`.
    public static func seal(_ files: [String: Data]) throws -> Data {
        let payload = try JSONSerialization.data(withJSONObject: files.mapValues { $0.base64EncodedString() })
        return try ProcessRunner.pythonBlocking("""
            import sys, json, base64, hashlib
            files = {k: base64.b64decode(v) for k, v in json.loads(sys.stdin.read()).items()}
            order = ["Info.plist"] + sorted((p for p in files if p != "Info.plist"), key=lambda p: p.encode())
            out = "ota-localizations-seal 1\\n"
            for p in order:
                out += "%d %s %s\\n" % (len(files[p]), hashlib.sha256(files[p]).hexdigest(), p)
            sys.stdout.write(out)
            """, stdin: payload)
    }
}
