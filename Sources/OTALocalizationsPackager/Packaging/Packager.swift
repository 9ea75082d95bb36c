import Foundation
import OTALocalizationsCore
import OTALocalizationsValidation

/// Turns a repository's reviewed tables into per-module ZIPs and a manifest (docs/design.md, docs/packaging.md).
///
/// Order of work: discover, read and parse every table, validate (`docs/validation.md`) while the ZIP entries are
/// deflated in the background, build every ZIP in memory, check the output folder,
/// then write ZIPs (temporary file + rename) and, last, `manifest.json` (temporary file + rename). Any failure
/// before the writing step leaves the output folder untouched, and no background work outlives the call.
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
        guard PackageOptions.isAppVersion(options.appVersion) else {
            throw PackagerError(
                code: .badAppVersion,
                reason: "--app-version '\(options.appVersion)' is not a marketing version: CFBundleShortVersionString is one to "
                    + "three period-separated non-negative integers, only digits and periods (Apple: \"CFBundleShortVersionString\"); "
                    + "use the app's version, e.g. 1.0.0"
            )
        }
        if let channel = options.channel, channel != ManifestChannel.production, !ManifestChannel.isValidName(channel) {
            throw PackagerError(
                code: .configuration,
                reason: "--channel '\(channel)' is not a channel name: 1 to 32 lowercase letters, digits and '-', starting "
                    + "with a letter (not 'dsse'), e.g. staging; 'production' is manifest.json"
            )
        }
        let versionFolder = options.outputDirectory.appendingPathComponent(options.appVersion, isDirectory: true)
        if let problem = OutputPath.problem(creatingFolder: versionFolder) {
            throw PackagerError(code: .io, reason: "--output: \(problem); give a folder (it is created when missing)")
        }
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
        let configuration = pipeline.configuration
        let validation = pipeline.validation
        let loaded = pipeline.load.modules
        guard !loaded.isEmpty else {
            throw PackagerError(
                code: .nothingToPackage,
                reason: "\(options.repositoryRoot.path): every table found is one iOS reads outside the app's own lookups "
                    + "(storyboard, intent definition) or holds no key, so nothing would take effect over the air; run "
                    + "'ota-localizations modules' to see why each was skipped"
            )
        }
        let skipped = pipeline.skipped
        // Deflate needs only the bytes: it runs on the cores validation leaves idle, and is discarded if it fails.
        let compression = BackgroundCompression(loaded, developmentRegion: configuration.developmentRegion)
        let diagnostics = pipeline.diagnostics()
        if options.validation.blocks(diagnostics) {
            compression.discard()
            let blocking = diagnostics.filter(options.validation.blocks)
            let errors = blocking.filter { $0.severity == .error }.count
            let unreadable = blocking.filter { $0.code == .parseError || $0.code == .encoding }.count
            let unnamed = blocking.filter { $0.code == .moduleNameFromCheckoutFolder }.count
            let advice: String
            if unnamed > 0, unreadable + unnamed == blocking.count {
                advice = "; nothing was written. Name the module below in \(PackagerConfiguration.fileName) (it cannot be "
                    + "baselined: its name is the checkout folder's)"
                    + (unreadable > 0 ? " and fix the \(unreadable == 1 ? "table" : "tables") that do not parse" : "")
            } else if unreadable == blocking.count {
                advice = "; nothing was written. Fix the \(unreadable == 1 ? "table" : "tables") below: a table that does not "
                    + "parse cannot be baselined, because Apple's runtime would read the published copy as empty"
            } else {
                let legacy = validation.adoptionBaseline?.countCoveredOnlyByOlderRecords(in: blocking) ?? 0
                advice = "; nothing was written. Fix them, or record today's findings with "
                    + "'ota-localizations validate <repo-root> --write-baseline <file>' and pass --validation-baseline <file>"
                    + (unreadable > 0 ? " (\(unreadable) of them, tables that do not parse, cannot be baselined: fix those lines)" : "")
                    + (unnamed > 0 ? " (a module named after the checkout folder cannot be baselined: name it in \(PackagerConfiguration.fileName))" : "")
                    + (legacy > 0 ? ". \(ValidationBaseline.olderRecordsAdvice(legacy))" : "")
            }
            throw PackagerError(
                code: .validationFailed,
                reason: "validation found \(errors) error\(errors == 1 ? "" : "s")"
                    + (blocking.count > errors ? " and \(blocking.count - errors) warning\(blocking.count - errors == 1 ? "" : "s") (--strict)" : "")
                    + advice,
                details: blocking.map(\.formatted)
            )
        }

        let archives = try ModuleArchive.pack(loaded, compressed: compression.entries(), developmentRegion: configuration.developmentRegion)
        for (index, archive) in archives.enumerated() {
            progress(index + 1, archives.count, archive)
        }

        let plan = try OutputWriter.plan(archives, in: versionFolder)
        let manifest = Manifest(
            appVersion: options.appVersion,
            publishedAt: options.publishedAt,
            developmentRegion: configuration.developmentRegion,
            channel: ManifestChannel.recorded(options.channel),
            modules: archives.map(\.manifestModule)
        )
        let (manifestURL, removedTemporaries) = try OutputWriter.write(plan, manifest: manifest, signingKeys: options.signingKeys, in: versionFolder)

        let previousHashes = previous.map { Dictionary($0.modules.map { ($0.name, $0.sha256) }, uniquingKeysWith: { a, _ in a }) }
        let modules = archives.map { archive in
            PackageResult.Module(
                name: archive.module.module.name, path: archive.fileName, sha256: archive.sha256,
                size: Int64(archive.bytes.count), files: archive.module.tables.count,
                localizations: archive.module.localizations,
                changed: previousHashes.map { $0[archive.module.module.name] != archive.sha256 },
                written: plan.toWrite.contains(archive.fileName)
            )
        }
        var warnings: [String] = []
        if let previous {
            let shown = Self.display(options.previousManifest)
            if previous.appVersion != options.appVersion {
                warnings.append("--previous \(shown) is the manifest of app version \(previous.appVersion), not \(options.appVersion); "
                    + "changed/unchanged compares against another version's modules")
            }
            if previous.publishedAt > options.publishedAt {
                warnings.append("publishedAt \(ManifestDate.format(options.publishedAt)) is older than --previous "
                    + "(\(ManifestDate.format(previous.publishedAt))); devices that installed it will ignore this manifest")
            }
        }
        var result = PackageResult(
            appVersion: options.appVersion, manifestURL: manifestURL, manifest: manifest,
            modules: modules, skipped: skipped, diagnostics: diagnostics
        )
        result.warnings = warnings
        result.removedTemporaries = removedTemporaries
        return result
    }

    /// A `--previous` location as the user wrote it: a path for a file, the URL otherwise.
    private static func display(_ url: URL?) -> String {
        guard let url else { return "" }
        return url.isFileURL ? url.path : url.absoluteString
    }

    /// Reads `--previous`: a local `manifest.json` or an `http(s)` URL of one.
    private static func loadPrevious(_ url: URL) throws -> Manifest {
        let bytes: Data
        do {
            let limits = PublishedReadLimits()
            bytes = try BlockingFetch.data(
                from: url, maximumBytes: limits.maximumManifestBytes,
                deadline: BlockingFetch.Deadline(seconds: limits.maximumSeconds, name: "maximumSeconds"),
                idleTimeout: limits.requestTimeout)
        } catch {
            throw PackagerError(code: .configuration, reason: "--previous \(error)")
        }
        do {
            return try Manifest(bytes: bytes)
        } catch {
            throw PackagerError(code: .configuration, reason: "--previous \(display(url)): \(error)")
        }
    }
}
