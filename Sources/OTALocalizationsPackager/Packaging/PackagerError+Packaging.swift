extension PackagerError {
    /// `io` for ``PackageOptions/outputDirectory``: `output folder: <problem>`.
    static func outputDirectory(_ problem: String) -> PackagerError {
        PackagerError(code: .io, reason: "output folder: \(problem)", field: .outputDirectory, facts: Facts(problem: problem))
    }

    /// `configuration` for ``PackageOptions/previousManifest``: `previous manifest <problem>`, the problem starting
    /// with the manifest's location.
    static func previousManifest(_ problem: String) -> PackagerError {
        PackagerError(code: .configuration, reason: "previous manifest \(problem)", field: .previousManifest, facts: Facts(problem: problem))
    }
}
