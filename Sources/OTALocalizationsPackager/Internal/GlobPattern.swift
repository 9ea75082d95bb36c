/// A glob over `/`-separated relative paths: `*` and `?` stay within one component, `**` spans components.
struct GlobPattern: Sendable {
    let text: String
    private let parts: [String]

    init(_ text: String) {
        self.text = text
        var trimmed = text
        while trimmed.hasPrefix("./") { trimmed.removeFirst(2) }
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        parts = trimmed.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }

    /// Whether the pattern matches the whole path (discovery applies it to folders too, covering their contents).
    func matches(_ path: String) -> Bool {
        let components = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        return match(parts[...], components[...])
    }

    private func match(_ pattern: ArraySlice<String>, _ path: ArraySlice<String>) -> Bool {
        guard let head = pattern.first else { return path.isEmpty }
        if head == "**" {
            let rest = pattern.dropFirst()
            if rest.isEmpty { return true }
            var tail = path
            while true {
                if match(rest, tail) { return true }
                guard !tail.isEmpty else { return false }
                tail = tail.dropFirst()
            }
        }
        guard let component = path.first, Self.matchComponent(Array(head.unicodeScalars)[...], Array(component.unicodeScalars)[...]) else {
            return false
        }
        return match(pattern.dropFirst(), path.dropFirst())
    }

    private static func matchComponent(_ pattern: ArraySlice<Unicode.Scalar>, _ name: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let head = pattern.first else { return name.isEmpty }
        switch head {
        case "*":
            var tail = name
            while true {
                if matchComponent(pattern.dropFirst(), tail) { return true }
                guard !tail.isEmpty else { return false }
                tail = tail.dropFirst()
            }
        case "?":
            return !name.isEmpty && matchComponent(pattern.dropFirst(), name.dropFirst())
        default:
            return name.first == head && matchComponent(pattern.dropFirst(), name.dropFirst())
        }
    }
}

extension GlobPattern {
    /// The pattern as a plain relative path (no `./`, no trailing `/`), for prefix comparisons of folders.
    var normalizedPath: String { parts.joined(separator: "/") }
}
