import Foundation

/// Type-checks Swift files against this package's built modules with the toolchain's `swiftc`, as a module
/// generator's output or an example's sources would compile in an app.
public enum SwiftTypecheck {
    /// What SwiftPM generates for a target with resources (`resource_bundle_accessor.swift`): a `Bundle.module`.
    /// A file checked on its own has no such target, so this stand-in takes its place; it is never shipped.
    public static let moduleBundleStandIn = """
        import Foundation

        extension Foundation.Bundle {
            static var module: Bundle { .main }
        }

        """

    /// The folder with the built `.swiftmodule` files: `Modules/` beside the built CLI (SwiftPM 6), else that folder.
    public static var modulesFolder: URL {
        let products = TestPaths.cliExecutable.deletingLastPathComponent()
        let modules = products.appendingPathComponent("Modules", isDirectory: true)
        let inModules = modules.appendingPathComponent("OTALocalizations.swiftmodule").path
        return FileManager.default.fileExists(atPath: inModules) ? modules : products
    }

    /// `swiftc -typecheck` in Swift 6 mode with warnings as errors, of `files` plus ``moduleBundleStandIn`` when
    /// `withModuleBundle`, with the built modules importable.
    public static func check(_ files: [URL], moduleName: String, withModuleBundle: Bool = true) throws -> ToolResult {
        var inputs = files.map(\.path)
        var standIn: TemporaryDirectory?
        if withModuleBundle {
            let folder = try TemporaryDirectory("typecheck")
            inputs.append(try folder.write("resource_bundle_accessor.swift", moduleBundleStandIn).path)
            standIn = folder
        }
        defer { standIn?.remove() }
        // The read side's C modules (its atomics, and libcrypto under its digest off Apple platforms): SwiftPM writes
        // the atomics' module map beside the products and uses the system library's from the sources, and a client
        // of OTALocalizations loads them as SwiftPM's own builds do.
        let products = TestPaths.cliExecutable.deletingLastPathComponent()
        let maps = [
            products.appendingPathComponent("COTAAtomics.build/module.modulemap"),
            TestPaths.packageRoot.appendingPathComponent("Sources/COTALibCrypto/module.modulemap"),
        ]
        let cModules = maps.filter { FileManager.default.fileExists(atPath: $0.path) }.flatMap { ["-Xcc", "-fmodule-map-file=" + $0.path] }
        return try ExternalTool.runBlocking("swiftc", [
            "-typecheck", "-swift-version", "6", "-warnings-as-errors", "-module-name", moduleName,
            "-I", modulesFolder.path,
        ] + cModules + inputs)
    }
}
