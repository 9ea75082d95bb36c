extension ValidationDiagnostic {
    /// Whether this finding stops a publish: an error always; a warning under `strict` (`--strict`) unless the
    /// adoption baseline downgraded it (``baselined``); a note never.
    public func blocksPublish(strict: Bool) -> Bool {
        severity == .error || (strict && severity == .warning && !baselined)
    }
}
