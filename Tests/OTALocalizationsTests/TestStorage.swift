import Foundation
import OTATestSupport

/// A temporary storage root for one test, with helpers that write installs by hand (never through the code
/// under test). Removed when the test ends.
final class TestStorage {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("ota-read-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    static let infoPlist = BundleFixtures.infoPlist

    /// `<root>/<version>/modules/<module>/<sha>/` with Info.plist and en.lproj/Localizable.strings, and `current`.
    @discardableResult
    func install(version: String, module: String, sha: String, strings: String = "\"greeting\" = \"Hello OTA\";\n",
                 pointer: Bool = true) throws -> URL {
        let moduleFolder = root.appendingPathComponent("\(version)/modules/\(module)", isDirectory: true)
        let folder = moduleFolder.appendingPathComponent(sha, isDirectory: true)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("en.lproj"), withIntermediateDirectories: true)
        try Data(Self.infoPlist.utf8).write(to: folder.appendingPathComponent("Info.plist"))
        try Data(strings.utf8).write(to: folder.appendingPathComponent("en.lproj/Localizable.strings"))
        if pointer {
            try Data((sha + "\n").utf8).write(to: moduleFolder.appendingPathComponent("current"))
        }
        return folder
    }

    /// Every path under the root with its bytes (directories map to nil), for before/after comparisons.
    func snapshot() -> [String: Data?] {
        var result: [String: Data?] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        while let relative = enumerator?.nextObject() as? String {
            let url = root.appendingPathComponent(relative)
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
            result[relative] = isDirectory.boolValue ? nil : (try? Data(contentsOf: url))
        }
        return result
    }
}

/// Hash-shaped folder names for tests (64 lowercase hex digits).
enum TestHash {
    static let a = String(repeating: "a", count: 64)
    static let b = String(repeating: "b", count: 64)
    static let c = String(repeating: "0123456789abcdef", count: 4)
}
