import Foundation
import OTALocalizationsCore
import OTATestSupport
import Testing

/// The command plugin as an app's repository uses it: a scratch package in a temporary folder that depends on this
/// repository by path runs `swift package … ota-localizations <command>`, which builds the tool and runs it in the
/// scratch package's directory.
///
/// SwiftPM builds the tool in the scratch path; every run shares `.build/plugin-test` of this repository (its own
/// lock, beside the suite's build), so only the first run builds the tool (about 90 s on 2 cores) and later ones
/// take a few seconds. The tests run one at a time: SwiftPM lets one command use a scratch path at once.
@Suite(.serialized) struct CommandPluginTests {
    private static let scratchPath = TestPaths.packageRoot.appendingPathComponent(".build/plugin-test").path
    private static let permissions = ["--allow-writing-to-package-directory", "--allow-network-connections", "all"]

    /// A package with no targets of its own that depends on this repository, and one module's tables: `en` and `fr`
    /// of `Shop/…/Localizable.strings`, `fr` being `frenchTable`.
    private func makePackage(frenchTable: String) throws -> TemporaryDirectory {
        let package = try TemporaryDirectory("plugin-user")
        try package.write("Package.swift", """
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "PluginUser",
                dependencies: [.package(path: "\(TestPaths.packageRoot.path)")],
                targets: []
            )

            """)
        try package.write("Shop/en.lproj/Localizable.strings", "\"greeting\" = \"Hello %@\";\n\"bye\" = \"Bye\";\n")
        try package.write("Shop/fr.lproj/Localizable.strings", frenchTable)
        return package
    }

    /// `swift package --package-path <package> --scratch-path .build/plugin-test <options> ota-localizations <arguments>`,
    /// run from the package's parent folder, so that `.` means the package only when the plugin sets it.
    private func swiftPackage(
        _ package: TemporaryDirectory, options: [String] = permissions, _ arguments: [String]
    ) async throws -> ToolResult {
        try await ExternalTool.run(
            "swift",
            ["package", "--package-path", package.path, "--scratch-path", Self.scratchPath] + options
                + ["ota-localizations"] + arguments,
            currentDirectory: package.url.deletingLastPathComponent())
    }

    @Test func runsTheToolInThePackageDirectoryWithItsOutputOnStandardOutput() async throws {
        let package = try makePackage(frenchTable: "\"greeting\" = \"Bonjour %@\";\n\"bye\" = \"Au revoir\";\n")
        defer { package.remove() }

        let version = try await swiftPackage(package, ["--version"])
        let validate = try await swiftPackage(package, ["validate", "."])
        let packed = try await swiftPackage(package, ["package", ".", "--app-version", "1.0.0", "--output", "ota"])

        #expect(version.status == 0, "\(version.stderr)")
        #expect(version.stdout == OTALocalizationsVersion.current + "\n")
        // SwiftPM's build lines go to standard error.
        #expect(version.stderr.contains("Build of product 'ota-localizations' complete!"))
        #expect(validate.status == 0, "\(validate.stderr)")
        #expect(validate.stdout == "0 errors, 0 warnings in 1 module.\n")
        #expect(packed.status == 0, "\(packed.stderr)")
        #expect(packed.stdout.hasSuffix("Manifest: ota/1.0.0/manifest.json\n"))
        #expect(FileManager.default.fileExists(atPath: package.url.appendingPathComponent("ota/1.0.0/manifest.json").path))
    }

    @Test func aFailingCommandFailsSwiftPackage() async throws {
        let package = try makePackage(frenchTable: "\"greeting\" = \"Bonjour %d\";\n")
        defer { package.remove() }

        let validate = try await swiftPackage(package, ["validate", "."])
        let unknown = try await swiftPackage(package, ["frobnicate"])

        // validate exits 1 on an error; SwiftPM names the plugin's exit status and exits 1.
        #expect(validate.status == 1)
        let lines = validate.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "Shop")
        #expect(lines.dropFirst().first == "  Shop/fr.lproj/Localizable.strings")
        #expect(lines.last == "1 error, 1 warning in 1 module.")
        #expect(validate.stderr.hasSuffix("error: Plugin ended with exit code 1\n"))
        // A usage error (exit 2): the tool's standard error reaches SwiftPM's standard output too.
        #expect(unknown.status == 1)
        #expect(unknown.stdout == "error: unknown command 'frobnicate'\nRun 'ota-localizations --help' for the list.\n")
        #expect(unknown.stderr.hasSuffix("error: Plugin ended with exit code 2\n"))
    }

    @Test func withoutThePermissionsSwiftPMNamesTheOptionsAndRunsNothing() async throws {
        let package = try makePackage(frenchTable: "\"greeting\" = \"Bonjour %@\";\n\"bye\" = \"Au revoir\";\n")
        defer { package.remove() }

        let noNetwork = try await swiftPackage(package, options: ["--allow-writing-to-package-directory"], ["--version"])
        let noWriting = try await swiftPackage(package, options: ["--allow-network-connections", "all"], ["--version"])

        // Not a terminal, so SwiftPM cannot ask: it fails with the option that grants the permission.
        #expect(noNetwork.status == 1)
        #expect(noNetwork.stdout.isEmpty)
        #expect(noNetwork.stderr.contains("Use `--allow-network-connections all` to allow this."))
        #expect(noWriting.status == 1)
        #expect(noWriting.stdout.isEmpty)
        #expect(noWriting.stderr.contains("Use `--allow-writing-to-package-directory` to allow this."))
    }
}
