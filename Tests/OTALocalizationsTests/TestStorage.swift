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

    /// `<root>/<version>/modules/<storage name>/<sha>/` with Info.plist, en.lproj/Localizable.strings and the seal,
    /// and `current`.
    @discardableResult
    func install(version: String, module: String, sha: String, pointer: Bool = true,
                 strings: String = "\"greeting\" = \"Hello OTA\";\n") throws -> URL {
        let moduleFolder = self.moduleFolder(version: version, module: module)
        let folder = moduleFolder.appendingPathComponent(sha, isDirectory: true)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("en.lproj"), withIntermediateDirectories: true)
        let files = ["Info.plist": Data(Self.infoPlist.utf8), "en.lproj/Localizable.strings": Data(strings.utf8)]
        for (path, data) in files { try data.write(to: folder.appendingPathComponent(path)) }
        try InstalledLayout.seal(files).write(to: folder.appendingPathComponent(InstalledLayout.sealFileName))
        if pointer {
            try Data((sha + "\n").utf8).write(to: moduleFolder.appendingPathComponent("current"))
        }
        return folder
    }

    /// `<root>/<version>/modules/<storage name of module>/`.
    func moduleFolder(version: String, module: String) -> URL {
        root.appendingPathComponent("\(version)/modules/\(InstalledLayout.storageName(module))", isDirectory: true)
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
