import Foundation
import OTALocalizationsCore

/// Turns a repository's reviewed tables into per-module ZIPs and a manifest (DESIGN.md "Packager").
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
        guard ManifestNaming.isAppVersion(options.appVersion) else {
            throw PackagerError(
                code: .badAppVersion,
                reason: "--app-version '\(options.appVersion)' is not a marketing version (letters, digits, '.', '-', '_', '+'; "
                    + "at most 64); use the app's CFBundleShortVersionString, e.g. 1.0.0"
            )
        }
        let configuration = try PackagerConfiguration.load(
            repositoryRoot: options.repositoryRoot, explicitFile: options.configurationFile
        )
        let discovery = try ModuleDiscovery.discover(repositoryRoot: options.repositoryRoot, configuration: configuration)
        guard !discovery.modules.isEmpty else {
            throw PackagerError(
                code: .nothingToPackage,
                reason: "\(options.repositoryRoot.path): no .lproj folder with a .strings or .stringsdict table and no "
                    + "String Catalog was found; check the path or list folders in \(PackagerConfiguration.fileName)"
            )
        }
        let previous = try options.previousManifest.map(loadPrevious)
        let validation = try options.validation.resolve(developmentRegion: configuration.developmentRegion)
        let loaded = try TableLoader.load(discovery.modules)
        let region = configuration.developmentRegion
        // Deflate needs only the bytes: it runs on the cores validation leaves idle, and is discarded if it fails.
        let compression = BackgroundCompression(loaded, developmentRegion: region)
        let diagnostics = validation.diagnostics(
            for: loaded, skipped: discovery.skipped, developmentRegion: configuration.developmentRegion
        )
        if options.validation.blocks(diagnostics) {
            compression.discard()
            let blocking = diagnostics.filter { $0.severity == .error || (options.validation.strict && !$0.baselined) }
            let errors = blocking.filter { $0.severity == .error }.count
            throw PackagerError(
                code: .validationFailed,
                reason: "validation found \(errors) error\(errors == 1 ? "" : "s")"
                    + (blocking.count > errors ? " and \(blocking.count - errors) warning\(blocking.count - errors == 1 ? "" : "s") (--strict)" : "")
                    + "; nothing was written. Fix them, or record today's findings with "
                    + "'ota-localizations validate --write-baseline <file>' and pass --validation-baseline <file>",
                details: blocking.map(\.formatted)
            )
        }

        let archives = try ModuleArchive.pack(loaded, compressed: compression.entries())
        for (index, archive) in archives.enumerated() {
            progress(index + 1, archives.count, archive)
        }

        let versionFolder = options.outputDirectory.appendingPathComponent(options.appVersion, isDirectory: true)
        let plan = try OutputWriter.plan(archives, in: versionFolder)
        let manifest = Manifest(
            appVersion: options.appVersion,
            publishedAt: options.publishedAt,
            developmentRegion: configuration.developmentRegion,
            modules: archives.map {
                ManifestModule(
                    name: $0.module.module.name, path: $0.fileName, sha256: $0.sha256,
                    size: Int64($0.bytes.count), localizations: $0.module.localizations
                )
            }
        )
        let manifestURL = try OutputWriter.write(plan, manifest: manifest, in: versionFolder)

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
        return PackageResult(
            appVersion: options.appVersion, manifestURL: manifestURL, manifest: manifest,
            modules: modules, skipped: discovery.skipped, diagnostics: diagnostics
        )
    }

    private static func loadPrevious(_ url: URL) throws -> Manifest {
        let bytes: Data
        do {
            bytes = try Data(contentsOf: url)
        } catch {
            throw PackagerError(code: .configuration, reason: "--previous \(url.path): cannot be read")
        }
        do {
            return try Manifest(bytes: bytes)
        } catch {
            throw PackagerError(code: .configuration, reason: "--previous \(url.path): \(error)")
        }
    }
}
