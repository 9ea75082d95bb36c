import Foundation
import OTALocalizationsSourceLint
import OTATestSupport
import Testing

/// The Swift samples in `docs/source-linting.md` say what the linter does with them.
@Suite struct SourceLintingDocumentationTests {
    /// The ```swift blocks of the document, in order.
    private func swiftBlocks() throws -> [String] {
        let text = try String(
            contentsOf: TestPaths.packageRoot.appendingPathComponent("docs/source-linting.md"), encoding: .utf8
        )
        return text.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "\n```")[0] }
    }

    @Test func boilerplateIsTheTemplateAndIsClean() throws {
        let blocks = try swiftBlocks()
        let boilerplate = try #require(blocks.first)

        #expect(boilerplate == """
            import Foundation
            import OTALocalizations

            extension Bundle {
                /// This module's strings: the over-the-air bundle when one is installed, else the embedded one.
                static var localizationBundle: Bundle {
                    OTALocalizedString.bundle(for: "<Module>") ?? .module
                }
            }
            """)
        #expect(SourceLinter.lint(source: boilerplate, path: "doc.swift") == [])
    }

    @Test func everySampleIsCleanAsDocumented() throws {
        let blocks = try swiftBlocks()

        #expect(blocks.count == 4)
        for block in blocks {
            #expect(SourceLinter.lint(source: block, path: "doc.swift") == [], "\(block)")
        }
    }
}
