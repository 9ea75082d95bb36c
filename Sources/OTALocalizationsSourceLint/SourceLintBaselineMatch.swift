/// What a ``SourceLintBaseline`` says about one run's findings: which are new, how many it absorbed, and which of its
/// entries no longer occur.
public struct SourceLintBaselineMatch: Sendable, Equatable {
    /// The findings the baseline does not record, in the order given.
    public var newFindings: [SourceLintFinding]
    /// How many findings the baseline absorbed.
    public var matchedCount: Int
    /// The entries with fewer findings now than recorded, sorted, each with ``SourceLintBaseline/Entry/count`` the
    /// number that no longer occur (fixed, or their line edited): the baseline can shrink by that much.
    public var stale: [SourceLintBaseline.Entry]

    public init(newFindings: [SourceLintFinding], matchedCount: Int, stale: [SourceLintBaseline.Entry]) {
        self.newFindings = newFindings
        self.matchedCount = matchedCount
        self.stale = stale
    }

    /// The recorded findings that no longer occur: the sum of ``stale``'s counts.
    public var staleCount: Int { stale.reduce(0) { $0 + $1.count } }
}

extension SourceLintBaseline {
    /// Splits `findings` into those the baseline records and new ones.
    ///
    /// Each entry absorbs up to its ``Entry/count`` findings of its key, in the order given: when a file holds one
    /// more finding of a key than was recorded, the last one (in source order) is new.
    /// - Parameters:
    ///   - findings: one run's findings.
    ///   - keys: their keys (``keys(of:)``), one per finding in the same order.
    public func match(_ findings: [SourceLintFinding], keys: [Key]) -> SourceLintBaselineMatch {
        precondition(findings.count == keys.count, "one key per finding")
        var remaining: [Key: Int] = [:]
        for entry in entries { remaining[entry.key, default: 0] += entry.count }
        var newFindings: [SourceLintFinding] = []
        var matched = 0
        for (finding, key) in zip(findings, keys) {
            if let count = remaining[key], count > 0 {
                remaining[key] = count - 1
                matched += 1
            } else {
                newFindings.append(finding)
            }
        }
        let stale = remaining.filter { $0.value > 0 }.map {
            Entry(file: $0.key.file, rule: $0.key.rule, fingerprint: $0.key.fingerprint, count: $0.value)
        }
        return SourceLintBaselineMatch(newFindings: newFindings, matchedCount: matched, stale: stale.sorted())
    }
}
