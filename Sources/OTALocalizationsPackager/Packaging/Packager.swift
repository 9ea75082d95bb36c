import Foundation
import OTALocalizationsCore
import OTALocalizationsPublishing
import OTALocalizationsValidation

/// Turns a repository's reviewed tables into per-module ZIPs and a manifest (docs/design.md, docs/packaging.md).
///
/// Order of work, one function per step: ``checkInputs(_:)``, then discover, read and parse every table
/// (``loadTables(_:)``), replace the tables of a pseudo-localized localization (``pseudoLocalize(_:_:)``), validate (``validate(_:of:options:compression:)``, `docs/validation.md`) while the ZIP
/// entries are deflated in the background, build every ZIP in memory, check the output folder, then write ZIPs
/// (temporary file + rename) and, last, `manifest.json` (temporary file + rename) (``write(_:manifest:options:in:)``).
/// Any failure before the writing step leaves the output folder untouched, and no background work outlives the call.
///
/// Thread safety: each call is independent; files are read, parsed, checked and deflated on every core at once,
/// and the progress closure is called on the calling thread, in module order, once every ZIP is built.
public enum Packager {
    /// Packages every discovered module.
    ///
    /// - Parameter progress: called once per module after its ZIP is built: (index from 1, count, module, archive).
    /// - Throws: ``PackagerError``: `badAppVersion`, `configuration`, `missingFolder`, `nameCollision`,
    ///   `nothingToPackage`, `invalidTables` (every failing table listed in ``PackagerError/details``),
    ///   `validationFailed` (every blocking finding listed), `io`.
    public static func package(
        _ options: PackageOptions,
        progress: (Int, Int, ModuleArchive) -> Void = { _, _, _ in }
    ) throws -> PackageResult {
        let versionFolder = try checkInputs(options)
        var (pipeline, previous) = try loadTables(options)
        let pseudoWarnings = try pseudoLocalize(&pipeline, options)
        let developmentRegion = pipeline.configuration.developmentRegion
        // Deflate needs only the bytes: it runs on the cores validation leaves idle, and is discarded if it fails.
        let compression = BackgroundCompression(pipeline.load.modules, developmentRegion: developmentRegion)
        let diagnostics = try validate(pipeline, of: options, compression: compression)
        let archives = try ModuleArchive.pack(pipeline.load.modules, compressed: compression.entries(), developmentRegion: developmentRegion)
        for (index, archive) in archives.enumerated() {
            progress(index + 1, archives.count, archive)
        }
        var manifest = Manifest(
            appVersion: options.appVersion,
            publishedAt: options.publishedAt,
            developmentRegion: developmentRegion,
            channel: ManifestChannel.recorded(options.channel),
            modules: archives.map(\.manifestModule)
        )
        manifest.expiresTimestamp = options.expiresInSeconds.map { manifest.publishedAtTimestamp.adding(seconds: TimeInterval($0)) }
        let written = try write(archives, manifest: manifest, options: options, in: versionFolder)
        var result = PackageResult(
            appVersion: options.appVersion, manifestURL: written.manifestURL, manifest: manifest,
            modules: moduleResults(archives, written: written.plan, previous: previous),
            skipped: pipeline.skipped, diagnostics: diagnostics
        )
        result.warnings = (previous.map { previousWarnings($0, options) } ?? []) + pseudoWarnings
        result.removedTemporaries = written.removedTemporaries
        return result
    }

    /// Checks what can be checked before any file is read: the app version, the channel's name, that a pseudo-localization
    /// is for a channel other than production, and that the version folder can be created; returns the version folder,
    /// `<outputDirectory>/<appVersion>`.
    /// - Throws: ``PackagerError`` `badAppVersion`, `configuration` (the channel), `refused` (pseudo-localization on
    ///   production), `io` (the output folder).
    private static func checkInputs(_ options: PackageOptions) throws -> URL {
        guard PackageOptions.isAppVersion(options.appVersion) else {
            throw PackagerError(
                code: .badAppVersion,
                reason: "app version '\(options.appVersion)' \(PackageOptions.appVersionRule)",
                field: .appVersion, facts: PackagerError.Facts(value: options.appVersion)
            )
        }
        if let channel = options.channel, channel != ManifestChannel.production, !ManifestChannel.isValidName(channel) {
            throw PackagerError(
                code: .configuration, reason: "channel '\(channel)' \(PackageOptions.channelNameRule)",
                field: .channel, facts: PackagerError.Facts(value: channel)
            )
        }
        try checkPseudoChannel(options)
        let versionFolder = options.outputDirectory.appendingPathComponent(options.appVersion, isDirectory: true)
        if let problem = OutputPath.problem(creatingFolder: versionFolder) {
            throw PackagerError.outputDirectory("\(problem); give a folder (it is created when missing)")
        }
        return versionFolder
    }

    /// Reads the configuration, discovers the modules, reads the previous manifest (after discovery found a module)
    /// and the baselines, and loads every table, all of which must parse.
    /// - Returns: the pipeline, with at least one loaded module, and the previous manifest when one was given.
    /// - Throws: ``PackagerError``: what ``PublishPipeline`` throws, `nothingToPackage` (no module, or no table that
    ///   would take effect), `configuration` (the previous manifest).
    private static func loadTables(_ options: PackageOptions) throws -> (PublishPipeline, Manifest?) {
        var previous: Manifest?
        let pipeline = try PublishPipeline(
            repositoryRoot: options.repositoryRoot, configurationFile: options.configurationFile,
            options: options.validation, tablesMustParse: true
        ) { discovery in
            guard !discovery.modules.isEmpty else {
                throw PackagerError(
                    code: .nothingToPackage,
                    reason: "\(options.repositoryRoot.path): no .lproj folder with a .strings or .stringsdict table and no "
                        + "String Catalog was found; check the path or list folders in \(PackagerConfiguration.fileName)"
                )
            }
            previous = try options.previousManifest.map(loadPrevious)
        }
        guard !pipeline.load.modules.isEmpty else {
            throw PackagerError(
                code: .nothingToPackage,
                reason: "\(options.repositoryRoot.path): every table found is one iOS reads outside the app's own lookups "
                    + "(storyboard, intent definition) or holds no key, so nothing would take effect over the air; run "
                    + "'ota-localizations modules' to see why each was skipped"
            )
        }
        return (pipeline, previous)
    }

    /// Runs every check on the loaded tables; returns the findings when none blocks, else discards `compression`.
    /// - Throws: ``PackagerError`` `validationFailed`, every blocking finding in its details.
    private static func validate(
        _ pipeline: PublishPipeline, of options: PackageOptions, compression: BackgroundCompression
    ) throws -> [ValidationDiagnostic] {
        let diagnostics = pipeline.diagnostics()
        guard options.validation.blocks(diagnostics) else { return diagnostics }
        compression.discard()
        throw validationFailure(diagnostics.filter(options.validation.blocks), adoptionBaseline: pipeline.validation.adoptionBaseline)
    }

    /// Writes the ZIPs the folder lacks, then the manifest (and its envelopes) into `versionFolder`.
    /// - Returns: the write plan, the manifest's URL and the temporary files of killed runs that were removed.
    /// - Throws: ``PackagerError`` `io`, `nameCollision` (a file of another module's name).
    private static func write(
        _ archives: [ModuleArchive], manifest: Manifest, options: PackageOptions, in versionFolder: URL
    ) throws -> (plan: OutputWriter.Plan, manifestURL: URL, removedTemporaries: [String]) {
        let plan = try OutputWriter.plan(archives, in: versionFolder)
        let (manifestURL, removedTemporaries) = try OutputWriter.write(plan, manifest: manifest, signingKeys: options.signingKeys, in: versionFolder)
        return (plan, manifestURL, removedTemporaries)
    }

    /// One ``PackageResult/Module`` per archive, `changed` against the previous manifest's hashes when there is one.
    private static func moduleResults(_ archives: [ModuleArchive], written plan: OutputWriter.Plan, previous: Manifest?) -> [PackageResult.Module] {
        let previousHashes = previous.map { Dictionary($0.modules.map { ($0.name, $0.sha256) }, uniquingKeysWith: { a, _ in a }) }
        return archives.map { archive in
            PackageResult.Module(
                name: archive.module.module.name, path: archive.fileName, sha256: archive.sha256,
                size: Int64(archive.bytes.count), files: archive.module.tables.count,
                localizations: archive.module.localizations,
                changed: previousHashes.map { $0[archive.module.module.name] != archive.sha256 },
                written: plan.toWrite.contains(archive.fileName)
            )
        }
    }
}
