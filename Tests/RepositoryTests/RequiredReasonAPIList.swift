import Foundation
import OTATestSupport

/// Apple's required reason API list as docs/apple-platform.md pins it (section R, read from Apple's "Describing use
/// of required reason API" and the `NSPrivacyAccessedAPIType` key it defers to).
///
/// Each row of the section's table is `| R<n> | `<category>` | `api`, … | `code` what it covers; … | declared here |`:
/// the category is the `NSPrivacyAccessedAPIType` value, the APIs are back-quoted Swift names (an argument list such
/// as `(_:_:)` is dropped), and a reason is a back-quoted code of four letters or digits, a dot and a number
/// (`C617.1`). The last column names the reason codes this package's manifests declare and the targets whose
/// manifests declare them.
struct RequiredReasonAPIList {
    struct Category {
        /// The row id, `R1` to `R5`.
        var id: String
        /// `NSPrivacyAccessedAPICategoryFileTimestamp` and the like.
        var name: String
        /// The APIs Apple lists for the category, as identifiers.
        var apis: Set<String>
        /// Every reason code Apple approves for the category.
        var approvedReasons: Set<String>
        /// The reason codes the last column says this package declares, and the targets it names.
        var declaredReasons: Set<String>
        var declaringTargets: Set<String>
    }

    let categories: [Category]

    enum ReadError: Error, CustomStringConvertible {
        case missing(String)

        var description: String {
            switch self {
            case .missing(let what): return "docs/apple-platform.md: \(what)"
            }
        }
    }

    private static let backQuoted = try! NSRegularExpression(pattern: "`([^`]+)`")
    private static let reasonCode = try! NSRegularExpression(pattern: "^[0-9A-Z]{4}\\.[0-9]+$")

    /// Reads the table of section `## R — …` of `markdown`.
    init(markdown: String) throws {
        let heading = markdown.split(separator: "\n").first { $0.hasPrefix("## R — ") }
        guard let heading, let section = MarkdownText.section(String(heading), in: markdown) else {
            throw ReadError.missing("no section '## R — …'")
        }
        var categories: [Category] = []
        for line in section.split(separator: "\n") where line.hasPrefix("| R") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count >= 5, let name = Self.quoted(cells[1]).first else {
                throw ReadError.missing("row '\(line)' is not | id | `category` | APIs | reasons | declared here |")
            }
            let declared = Self.quoted(cells[4])
            categories.append(Category(
                id: cells[0], name: name,
                apis: Set(Self.quoted(cells[2]).map { String($0.prefix { $0 != "(" }) }),
                approvedReasons: Set(Self.quoted(cells[3]).filter(Self.isReasonCode)),
                declaredReasons: Set(declared.filter(Self.isReasonCode)),
                declaringTargets: Set(declared.filter { !Self.isReasonCode($0) })))
        }
        guard !categories.isEmpty else { throw ReadError.missing("section R has no table rows") }
        self.categories = categories
    }

    /// Reads docs/apple-platform.md of this repository.
    static func fromDocumentation() throws -> RequiredReasonAPIList {
        let url = TestPaths.packageRoot.appendingPathComponent("docs/apple-platform.md")
        return try RequiredReasonAPIList(markdown: String(contentsOf: url, encoding: .utf8))
    }

    /// The categories whose APIs include `name`.
    func categories(using name: String) -> [Category] {
        categories.filter { $0.apis.contains(name) }
    }

    private static func quoted(_ text: String) -> [String] {
        let range = NSRange(text.startIndex..., in: text)
        return backQuoted.matches(in: text, range: range).map { String(text[Range($0.range(at: 1), in: text)!]) }
    }

    private static func isReasonCode(_ text: String) -> Bool {
        reasonCode.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
}
