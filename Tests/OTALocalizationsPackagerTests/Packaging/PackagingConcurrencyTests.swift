import Foundation
import OTALocalizationsCore
import OTATestSupport
import Testing
@testable import OTALocalizationsPackager

/// Packaging runs on every core (files parsed, checked and deflated in parallel, deflate in the background while
/// validation runs). These tests pin that the result does not depend on it, and run under ThreadSanitizer in CI.
@Suite struct PackagingConcurrencyTests {
    static let example = TestPaths.packageRoot.appendingPathComponent("Examples/SampleApp")

    private func package(_ repo: URL, into output: URL) throws -> PackageResult {
        try Packager.package(PackageOptions(
            repositoryRoot: repo, appVersion: "3.0.0", outputDirectory: output,
            publishedAt: Date(timeIntervalSince1970: 1_790_000_000)))
    }

    @Test func parallelPackagingGivesTheBytesOfOneFileAtATime() throws {
        let out = try TemporaryDirectory("par")
        defer { out.remove() }
        let result = try package(Self.example, into: out.url)

        // The same modules packed by the single-threaded path: read, then ZipWriter.archive entry after entry.
        let configuration = try PackagerConfiguration.load(repositoryRoot: Self.example, explicitFile: nil)
        let modules = try ModuleDiscovery.discover(repositoryRoot: Self.example, configuration: configuration).modules
        let serial = try TableLoader.load(modules).map {
            try ModuleArchive(module: $0, developmentRegion: configuration.developmentRegion)
        }
        #expect(result.modules.map(\.name) == serial.map(\.module.module.name))
        #expect(result.modules.map(\.sha256) == serial.map(\.sha256))
        #expect(result.modules.count == 4)
        for (module, archive) in zip(result.modules, serial) {
            let written = try Data(contentsOf: out.url.appendingPathComponent("3.0.0/\(module.path)"))
            #expect(written == archive.bytes, "\(module.path)")
        }
    }

    @Test func concurrentPackagingCallsAgree() async throws {
        let outputs = try (0..<3).map { try TemporaryDirectory("con\($0)") }
        defer { outputs.forEach { $0.remove() } }
        let hashes = try await withThrowingTaskGroup(of: [String].self) { group in
            for output in outputs {
                let url = output.url
                group.addTask { try package(Self.example, into: url).modules.map(\.sha256) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(hashes.count == 3)
        #expect(Set(hashes).count == 1)
        #expect(hashes.first?.count == 4)
    }

    @Test func failedValidationDiscardsTheBackgroundWorkAndWritesNothing() throws {
        let repo = try TemporaryDirectory("bad")
        let out = try TemporaryDirectory("out")
        defer { repo.remove(); out.remove() }
        for index in 0..<40 {
            try repo.write("Module\(index)/en.lproj/Localizable.strings", "\"n\" = \"%d items\";\n")
            try repo.write("Module\(index)/fr.lproj/Localizable.strings", "\"n\" = \"%@ éléments\";\n")
        }
        let error = #expect(throws: PackagerError.self) { try package(repo.url, into: out.url) }
        #expect(error?.code == .validationFailed)
        #expect(error?.details.count == 40)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
    }
}
