import Foundation
import OTATestSupport
import Testing

/// What the repository's files may cite: its own documents and primary sources, never notes that live outside the
/// repository (a reader of a clone cannot open them) and never an issue-tracker number (it says nothing to a reader
/// without the tracker, and the facts belong in the repository's docs).
@Suite struct RepositoryReferenceTests {
    /// The folders and files checked, relative to the package root.
    private static let checkedPaths = ["Sources", "Tests", "docs", "Scripts", "Examples", ".ci", "README.md", "Package.swift"]

    /// Names of the project notes kept outside the repository, with and without the extension, and their folder.
    private static let outsideDocuments = ["DESIGN.md", "APPLE-BUNDLE", "XCSTRINGS-NOTES", "PLATFORM-NOTES", "shared/docs"]
    /// This file, which spells out what it looks for.
    private static let thisFile = "Tests/RepositoryTests/RepositoryReferenceTests.swift"

    /// `issue 6`, `Issue 4's`, `issues 4`, `issue #12`.
    private static let issueWord = try! NSRegularExpression(pattern: "\\b[Ii]ssues? ?#?[0-9]+")
    /// `#12` after a space, a line start or an opening bracket, and not followed by more of a word (`#0'` is a printf
    /// flag list, `%#@name@` a plural variable, `(#3-create-the-service)` a Markdown heading anchor).
    private static let issueHash = try! NSRegularExpression(pattern: "(?:^|(?<=[\\s(\\[]))#[1-9][0-9]*(?![0-9A-Za-z'$-])")
    /// Standards numbered with `#` (Unicode Standard Annexes and Technical Standards: `UAX #11`, `UTS #35`).
    private static let numberedStandards = ["UAX ", "UTS "]

    /// Every regular file under the checked paths that is UTF-8 text, with its path relative to the package root.
    private func textFiles() -> [(path: String, text: String)] {
        let root = TestPaths.packageRoot
        var files: [(String, String)] = []
        for path in Self.checkedPaths {
            let url = root.appendingPathComponent(path)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { continue }
            let candidates: [String]
            if isDirectory.boolValue {
                let walker = FileManager.default.enumerator(atPath: url.path)
                candidates = (walker?.allObjects as? [String] ?? []).map { path + "/" + $0 }
            } else {
                candidates = [path]
            }
            for candidate in candidates.sorted() {
                let file = root.appendingPathComponent(candidate)
                guard let values = try? file.resourceValues(forKeys: [.isRegularFileKey]), values.isRegularFile == true,
                      let data = try? Data(contentsOf: file), let text = String(data: data, encoding: .utf8)
                else { continue }
                if candidate != Self.thisFile { files.append((candidate, text)) }
            }
        }
        return files
    }

    /// `path:line: text` for each line of `text` on which `matches` finds something.
    private func findings(in file: (path: String, text: String), _ matches: (String) -> Bool) -> [String] {
        file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { number, line in
            matches(String(line)) ? "\(file.path):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))" : nil
        }
    }

    private static func issueReference(in line: String) -> Bool {
        let range = NSRange(line.startIndex..., in: line)
        if issueWord.firstMatch(in: line, range: range) != nil { return true }
        return issueHash.matches(in: line, range: range).contains { match in
            let start = Range(match.range, in: line)!.lowerBound
            let before = line[..<start]
            return !numberedStandards.contains { before.hasSuffix($0) }
        }
    }

    @Test func filesCiteNoDocumentOutsideTheRepository() {
        let files = textFiles()
        #expect(FileManager.default.fileExists(atPath: TestPaths.packageRoot.appendingPathComponent(Self.thisFile).path))
        #expect(files.count > 300, "the walk found only \(files.count) files")
        let found = files.flatMap { file in findings(in: file) { line in Self.outsideDocuments.contains { line.contains($0) } } }
        #expect(found.isEmpty, "cite docs/design.md, docs/apple-platform.md, docs/string-catalogs.md or the primary source instead:\n\(found.joined(separator: "\n"))")
    }

    @Test func filesMentionNoIssueNumber() {
        let found = textFiles().flatMap { findings(in: $0, Self.issueReference) }
        #expect(found.isEmpty, "state the fact or cite the repository's docs instead of the issue:\n\(found.joined(separator: "\n"))")
    }

    @Test func issueReferencesAreToldApartFromFormatsAndStandards() {
        // Issue references.
        for line in ["the figures of issue 6", "Issue 4's proofs", "(issue #12)", "see #13.", "fixed in #7", "[#21]"] {
            #expect(Self.issueReference(in: line), "\(line) should count as an issue reference")
        }
        // Not issue references: printf flags, plural variables, numbered Unicode standards, colours, directives.
        for line in ["flags `-+ #0'`", "%2$-+ #0'12.5lld", "%1$#@value@", "wide (Unicode UAX #11)", "UTS #35", "#if os(Linux)", "#FF0000", "issues", "[section 3](#3-create-the-service)"] {
            #expect(!Self.issueReference(in: line), "\(line) should not count as an issue reference")
        }
    }
}
