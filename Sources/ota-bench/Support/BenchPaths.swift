import Foundation

/// Where the bench finds its inputs and tools.
enum BenchPaths {
    /// The package root: three folders up from this file (`Sources/ota-bench/Support/`).
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `$OTA_SHARED`, or `../shared` beside the package root.
    static var shared: URL {
        if let value = ProcessInfo.processInfo.environment["OTA_SHARED"], !value.isEmpty {
            return URL(fileURLWithPath: value, isDirectory: true)
        }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared", isDirectory: true)
    }

    static var corpus: URL { shared.appendingPathComponent("corpus", isDirectory: true) }

    /// The `ota-localizations` executable beside this bench's own executable (same build configuration).
    ///
    /// `swift run ota-bench` builds only the bench, so `swift build -c <configuration> --product ota-localizations`
    /// runs first (a no-op when it is up to date); when that fails, an existing executable is used.
    static func cliExecutable() throws -> String {
        let own = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]).standardizedFileURL
        let folder = own.deletingLastPathComponent()
        let cli = folder.appendingPathComponent("ota-localizations").path
        let configuration = folder.lastPathComponent == "debug" ? "debug" : "release"
        let built = try? Subprocess.run("swift", ["build", "-c", configuration, "--product", "ota-localizations"], in: packageRoot)
        guard FileManager.default.isExecutableFile(atPath: cli) else {
            throw BenchError("\(cli) is missing and could not be built (\(built?.stderr.prefix(300) ?? "swift not found")); "
                + "run swift build -c \(configuration) --product ota-localizations")
        }
        return cli
    }
}
