import Foundation

/// Locations tests read from: the package root and the read-only shared folder (`OTA_SHARED`, default `../shared`).
public enum TestPaths {
    /// The package root, found from this file's location (`Tests/OTATestSupport/SharedFolder.swift`).
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `$OTA_SHARED` when set (relative paths resolve against the package root), else `<package root>/../shared`.
    public static var shared: URL {
        if let value = ProcessInfo.processInfo.environment["OTA_SHARED"], !value.isEmpty {
            return value.hasPrefix("/") ? URL(fileURLWithPath: value)
                : packageRoot.appendingPathComponent(value).standardizedFileURL
        }
        return packageRoot.appendingPathComponent("../shared").standardizedFileURL
    }

    /// `<shared>/corpus`, the real apps' localization files.
    public static var corpus: URL { shared.appendingPathComponent("corpus") }

    /// Each corpus repository folder, sorted by name.
    public static func corpusRepositories() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: corpus, includingPropertiesForKeys: nil)
            .filter { (try? $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// The folder `swift build` writes its products to (`.build/<triple>/debug`): the built tools and each target's
    /// resource bundle.
    public static var buildProducts: URL { cliExecutable.deletingLastPathComponent() }

    /// The built `ota-localizations` executable, beside the test bundle in the build folder.
    ///
    /// The test bundle is `<build>/debug/<Package>PackageTests.xctest`: on Linux a file that is the process itself;
    /// on macOS a bundle that `xctest` or `swiftpm-testing-helper` loads, named among their arguments.
    public static var cliExecutable: URL {
        let starts = [CommandLine.arguments[0]] + CommandLine.arguments.dropFirst().filter { $0.contains(".xctest") }
        for start in starts {
            var folder = URL(fileURLWithPath: start).deletingLastPathComponent()
            while folder.path != "/" {
                let candidate = folder.appendingPathComponent("ota-localizations")
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
                folder.deleteLastPathComponent()
            }
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("ota-localizations")
    }
}
