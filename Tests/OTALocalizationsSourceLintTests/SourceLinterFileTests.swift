import Foundation
import OTALocalizationsSourceLint
import OTATestSupport
import Testing

/// Walking folders and reading files; the example app as real input.
@Suite struct SourceLinterFileTests {
    static let bare = "let a = NSLocalizedString(\"a\", comment: \"\")\n"

    @Test func recursesIntoSwiftFilesAndSkipsHiddenAndBuildFolders() throws {
        let repo = try TemporaryDirectory("lint")
        defer { repo.remove() }
        for path in ["A.swift", "Sub/Deep/B.swift", "Sub/C.swift", ".hidden/D.swift", ".build/E.swift", "Pods/F.swift",
                     "Carthage/G.swift", "DerivedData/H.swift", "Sub/notes.txt", "Sub/I.swift.orig", "Sub/Pods/J.swift"] {
            try repo.write(path, Self.bare)
        }
        try repo.write("Clean.swift", "let a = NSLocalizedString(\"a\", bundle: .localizationBundle, comment: \"\")\n")
        let root = URL(fileURLWithPath: repo.path)

        let files = try SourceLinter.swiftFiles(at: [root])
        let findings = try SourceLinter.lint(paths: [root])

        #expect(files.map { String($0.path.dropFirst(repo.path.count + 1)) } == ["A.swift", "Clean.swift", "Sub/C.swift", "Sub/Deep/B.swift"])
        #expect(findings.map { "\($0.file):\($0.line):\($0.column)" } == [
            repo.path + "/A.swift:1:9", repo.path + "/Sub/C.swift:1:9", repo.path + "/Sub/Deep/B.swift:1:9",
        ])
    }

    @Test func explicitPathsAreTakenAsGiven() throws {
        let repo = try TemporaryDirectory("lint")
        defer { repo.remove() }
        try repo.write(".hidden/D.swift", Self.bare)
        try repo.write("notes.txt", Self.bare)
        try repo.write("A.swift", Self.bare)

        let findings = try SourceLinter.lint(paths: [
            repo.url.appendingPathComponent(".hidden"), repo.url.appendingPathComponent("notes.txt"),
            repo.url.appendingPathComponent("A.swift"),
        ])

        #expect(findings.map(\.file) == [repo.path + "/.hidden/D.swift", repo.path + "/A.swift"])
    }

    @Test func reportsFilesByTheRelativePathGiven() throws {
        let repo = try TemporaryDirectory("lint")
        defer { repo.remove() }
        try repo.write("Sources/M/A.swift", Self.bare)
        let folder = URL(fileURLWithPath: "Sources", relativeTo: repo.url)

        let findings = try SourceLinter.lint(paths: [folder])

        #expect(findings.map(\.file) == ["Sources/M/A.swift"])
    }

    @Test func missingPathThrows() throws {
        let repo = try TemporaryDirectory("lint")
        defer { repo.remove() }
        let missing = repo.url.appendingPathComponent("nope")
        #expect(throws: SourceLintError(code: .missingPath, reason: "no such file or folder: \(missing.path)", path: missing.path)) {
            try SourceLinter.lint(paths: [missing])
        }
    }

    @Test func invalidUTF8IsReadWithReplacementCharacters() throws {
        let repo = try TemporaryDirectory("lint")
        defer { repo.remove() }
        try repo.write("A.swift", Data([0xFF, 0xFE, 0x0A]) + Data(Self.bare.utf8))

        let findings = try SourceLinter.lint(paths: [repo.url])

        #expect(findings.map { "\($0.line):\($0.column)" } == ["2:9"])
    }

    @Test func exampleAppIsClean() throws {
        let example = TestPaths.packageRoot.appendingPathComponent("Examples/SampleApp")

        let files = try SourceLinter.swiftFiles(at: [example])
        let findings = try SourceLinter.lint(paths: [example])

        #expect(files.count == 5)
        #expect(findings == [])
    }
}
