import Foundation
import OTALocalizationsCore
import OTATestSupport
import Testing

/// One release number everywhere: CHANGELOG.md's latest heading, `OTALocalizationsVersion.current`, what the built
/// tool prints, the requirement in docs/integration.md and the tool reference in docs/ci.md; and the licence text.
@Suite struct ReleaseVersionTests {
    private func document(_ path: String) throws -> String {
        try String(contentsOf: TestPaths.packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// The version of CHANGELOG.md's first `## ` heading (`## 0.1.0` gives `0.1.0`).
    private func changelogVersion() throws -> String {
        let heading = try #require(try document("CHANGELOG.md").split(separator: "\n").first { $0.hasPrefix("## ") })
        return String(heading.dropFirst(3).prefix { !$0.isWhitespace })
    }

    @Test func theLatestChangelogHeadingIsTheVersionEverywhere() async throws {
        let version = try changelogVersion()
        // Semantic Versioning's major.minor.patch, digits only.
        let parts = version.split(separator: ".", omittingEmptySubsequences: false)
        #expect(parts.count == 3 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }, "\(version)")

        #expect(OTALocalizationsVersion.current == version)
        for arguments in [["--version"], ["-V"], ["version"]] {
            let result = try await ExternalTool.run(TestPaths.cliExecutable.path, arguments)
            #expect(result.status == 0)
            #expect(result.stdout == version + "\n", "\(arguments)")
            #expect(result.stderr.isEmpty)
        }
        let integration = try document("docs/integration.md")
        #expect(integration.contains(".package(url: \"https://github.com/example/OTALocalizations.git\", from: \"\(version)\")"))
        let section = try #require(MarkdownText.section("## Add the package", in: integration))
        #expect(section.contains("`\(version)` is `OTALocalizationsVersion.current`"))
        #expect(section.contains("\"Up to Next\nMajor Version\" from `\(version)`") || section.contains("\"Up to Next Major Version\" from `\(version)`"))
        #expect(section.contains(".upToNextMinor(from: \"\(version)\")"))
        #expect(try document("README.md").contains("prints the release (`\(version)`"))

        let ci = try document("docs/ci.md")
        let workflow = try YAMLSubset.parse(try #require(MarkdownText.fencedBlocks("yaml", in: ci).first).joined(separator: "\n") + "\n")
        #expect(workflow["env"]?["OTA_TOOL_REF"]?.string == version)
    }

    @Test func theLicenseIsTheApacheLicenseVerbatim() async throws {
        let license = TestPaths.packageRoot.appendingPathComponent("LICENSE")
        // SHA-256 of https://www.apache.org/licenses/LICENSE-2.0.txt.
        #expect(try await ExternalTool.sha256sum(license) == "cfc7749b96f63bd31c3c42b5c471bf756814053e847c10f3eb003417bc523d30")
        // Debian's copy, when this machine has it, byte for byte.
        let debian = URL(fileURLWithPath: "/usr/share/common-licenses/Apache-2.0")
        if FileManager.default.fileExists(atPath: debian.path) {
            #expect(try Data(contentsOf: license) == Data(contentsOf: debian))
        }
        #expect(try document("CHANGELOG.md").contains("Apache License 2.0 (`LICENSE`)"))
    }
}
