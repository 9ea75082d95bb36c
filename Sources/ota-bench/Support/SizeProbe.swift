import Foundation

/// The scratch SwiftPM package the client-size benchmark builds: three executables that make the same Foundation
/// calls, two of them also the client's, with every input taken from the command line so the optimizer keeps them.
///
/// - `Baseline`: `NSLocalizedString` on a `Bundle(path:)` and one `URLSession` GET. Foundation only.
/// - `ReadSide`: the same, on the bundle `OTALocalizedString.bundle(for:)` returns after
///   `loadBundlesFromDisk(storageRoot:appVersion:)` (product `OTALocalizations`): what every app links.
/// - `ReadSideAndService`: `ReadSide`, then an `OTALocalizationService` with a default configuration, `start()` and,
///   with a fifth argument, `deleteAllBundles()` (product `OTALocalizationsSync`).
///
/// The package depends on the repository by local path, so it measures the working tree as it is.
enum SizeProbe {
    /// The executables' names, the baseline first.
    enum Executable: String, CaseIterable, Sendable {
        case baseline = "Baseline"
        case readSide = "ReadSide"
        case readSideAndService = "ReadSideAndService"
    }

    /// The flags the issue measures with, after `swift build`.
    static let buildArguments = ["-c", "release", "-Xswiftc", "-Osize", "-Xlinker", "--gc-sections"]

    /// Writes `Package.swift` and the three `main.swift` files into `folder`, depending on `repository`.
    static func write(at folder: URL, repository: URL) throws {
        let identity = repository.lastPathComponent
        let manifest = """
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "SizeProbe",
                dependencies: [.package(path: "\(repository.path)")],
                targets: [
                    .executableTarget(name: "Baseline"),
                    .executableTarget(name: "ReadSide", dependencies: [.product(name: "OTALocalizations", package: "\(identity)")]),
                    .executableTarget(name: "ReadSideAndService", dependencies: [
                        .product(name: "OTALocalizations", package: "\(identity)"),
                        .product(name: "OTALocalizationsSync", package: "\(identity)"),
                    ]),
                ]
            )

            """
        try Data(manifest.utf8).write(to: folder.appendingPathComponent("Package.swift"))
        for executable in Executable.allCases {
            let sources = folder.appendingPathComponent("Sources/\(executable.rawValue)", isDirectory: true)
            try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
            try Data(source(of: executable).utf8).write(to: sources.appendingPathComponent("main.swift"))
        }
    }

    /// The `main.swift` of `executable`: the shared Foundation calls, then its own.
    private static func source(of executable: Executable) -> String {
        let imports: String
        let body: String
        switch executable {
        case .baseline:
            imports = ""
            body = "await foundationCalls(Bundle(path: root.path) ?? .main)\n"
        case .readSide:
            imports = "import OTALocalizations\n"
            body = readSideCalls
        case .readSideAndService:
            imports = "import OTALocalizations\nimport OTALocalizationsSync\n"
            body = readSideCalls + """
                let service = OTALocalizationService(configuration: OTALocalizationServiceConfiguration(
                    baseURL: server, appVersion: "1.0.0", storageRoot: root))
                await service.start()
                if arguments.count > 4 { await service.deleteAllBundles() }

                """
        }
        return foundationPrelude + imports + foundationCalls + body
    }

    /// Imports and the command-line inputs: a module name, a storage root, a server URL.
    private static let foundationPrelude = """
        import Foundation
        #if canImport(FoundationNetworking)
        import FoundationNetworking
        #endif

        let arguments = CommandLine.arguments
        let module = arguments.count > 1 ? arguments[1] : "Feature"
        let root = URL(fileURLWithPath: arguments.count > 2 ? arguments[2] : NSTemporaryDirectory())
        let server = URL(string: arguments.count > 3 ? arguments[3] : "http://127.0.0.1:9/")!

        """

    /// What every executable does: one localized lookup and one GET.
    private static let foundationCalls = """

        func foundationCalls(_ bundle: Bundle) async {
            print(NSLocalizedString("greeting", tableName: module, bundle: bundle, comment: ""))
            if let (data, _) = try? await URLSession.shared.data(from: server.appendingPathComponent(module)) { print(data.count) }
        }

        """

    /// The read side as an app uses it: load at launch, then look a module's bundle up.
    private static let readSideCalls = """
        OTALocalizedString.loadBundlesFromDisk(storageRoot: root, appVersion: "1.0.0")
        await foundationCalls(OTALocalizedString.bundle(for: module) ?? .main)

        """
}
