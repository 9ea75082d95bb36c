/// A glob over `/`-separated relative paths: `*` and `?` stay within one component, `**` spans components.
///
/// Matching is dynamic programming over (pattern position, path position), so its cost is the product of the
/// two lengths whatever the pattern: `**/**/**/…` cannot make it exponential.
struct GlobPattern: Sendable {
    let text: String
    private let parts: [[Unicode.Scalar]]

    init(_ text: String) {
        self.text = text
        var trimmed = text
        while trimmed.hasPrefix("./") { trimmed.removeFirst(2) }
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        var parts: [[Unicode.Scalar]] = []
        for part in trimmed.split(separator: "/", omittingEmptySubsequences: true) {
            // Consecutive `**` mean the same as one.
            if part == "**", parts.last == Array("**".unicodeScalars) { continue }
            parts.append(Array(part.unicodeScalars))
        }
        self.parts = parts
    }

    /// Whether the pattern matches the whole path (discovery applies it to folders too, covering their contents).
    func matches(_ path: String) -> Bool {
        let components = path.split(separator: "/", omittingEmptySubsequences: true).map { Array($0.unicodeScalars) }
        let doubleStar = Array("**".unicodeScalars)
        // reachable[j]: the first i pattern parts can consume exactly the first j components.
        var reachable = [Bool](repeating: false, count: components.count + 1)
        reachable[0] = true
        for part in parts {
            var next = [Bool](repeating: false, count: components.count + 1)
            if part == doubleStar {
                var any = false
                for j in 0...components.count {
                    any = any || reachable[j]
                    next[j] = any
                }
            } else {
                for j in 0..<components.count where reachable[j] && Self.matchComponent(part, components[j]) {
                    next[j + 1] = true
                }
            }
            reachable = next
        }
        return reachable[components.count]
    }

    /// `*` and `?` within one component, by dynamic programming over the two scalar arrays.
    private static func matchComponent(_ pattern: [Unicode.Scalar], _ name: [Unicode.Scalar]) -> Bool {
        var reachable = [Bool](repeating: false, count: name.count + 1)
        reachable[0] = true
        for scalar in pattern {
            var next = [Bool](repeating: false, count: name.count + 1)
            switch scalar {
            case "*":
                var any = false
                for j in 0...name.count {
                    any = any || reachable[j]
                    next[j] = any
                }
            case "?":
                for j in 0..<name.count where reachable[j] { next[j + 1] = true }
            default:
                for j in 0..<name.count where reachable[j] && name[j] == scalar { next[j + 1] = true }
            }
            reachable = next
        }
        return reachable[name.count]
    }
}

extension GlobPattern {
    /// The pattern as a plain relative path (no `./`, no trailing `/`), for prefix comparisons of folders.
    var normalizedPath: String { parts.map { String(String.UnicodeScalarView($0)) }.joined(separator: "/") }
}
