import Foundation

/// Reading the repository's Markdown documents in tests: fenced code blocks and section text.
public enum MarkdownText {
    /// The fenced blocks of `text` whose info string is exactly `language` (```` ```swift ````), each as its lines
    /// without the fences, in document order. Fences may be indented (DocC articles and list items indent them).
    public static func fencedBlocks(_ language: String, in text: String) -> [[Substring]] {
        var result: [[Substring]] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if var open = current {
                if trimmed == "```" {
                    result.append(open)
                    current = nil
                } else {
                    open.append(line)
                    current = open
                }
            } else if trimmed == "```" + language {
                current = []
            }
        }
        return result
    }

    /// The text from the heading line `heading` (for example `## Targets`) to the next heading of the same or a
    /// higher level, or nil when `text` has no such heading.
    public static func section(_ heading: String, in text: String) -> String? {
        let level = heading.prefix { $0 == "#" }.count
        var lines: [Substring] = []
        var inside = false
        var inFence = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { inFence.toggle() }
            if !inFence, line.hasPrefix("#") {
                let lineLevel = line.prefix { $0 == "#" }.count
                if inside, lineLevel <= level { break }
                if line == heading { inside = true }
            }
            if inside { lines.append(line) }
        }
        return inside ? lines.joined(separator: "\n") : nil
    }
}
