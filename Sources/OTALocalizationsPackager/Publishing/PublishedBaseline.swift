import Foundation
import OTALocalizationsCore
import OTALocalizationsNames
import OTALocalizationsValidation

/// Reads what was published before (or what the app embeds), for the `--baseline` check that a publish never
/// drops a key a language had (docs/apple-platform.md F2: no per-key fallback).
///
/// Accepted forms:
/// - a `manifest.json` file path or URL (`file:`, `http:`, `https:`): every module's ZIP is fetched from beside
///   the manifest, its size and SHA-256 verified, and its tables parsed;
/// - a publish folder holding `manifest.json`: the same, from disk;
/// - a folder of module bundles: `<folder>/<Module>/` or `<folder>/<Module>.bundle/`, each holding `.lproj`
///   folders (an unpacked publish, or the app's embedded bundles).
///
/// A manifest and its ZIPs are read within ``PublishedReadLimits``: the manifest's size, each ZIP's size and
/// contents, all tables' inflated bytes and keys together, and the total time.
///
/// Thread safety: blocking reads on the calling thread; call it from a command-line tool, not from an app.
enum PublishedBaseline {
    /// How the messages and paths of a reading name what is read.
    struct Naming: Sendable {
        /// The input it is read for, named at the start of each error (``PackagerError/Field/publishedBaseline``), or
        /// nil for none.
        let field: PackagerError.Field?
        /// What each table's path starts with (`baseline/`, then `<Module>/…`).
        let pathPrefix: String
        /// What a ZIP whose size or SHA-256 differs from the manifest means.
        let damaged: String
        /// Whether a manifest or ZIP URL answered 404 is a `notFound` error (else `configuration`).
        var reportsNotFound = false

        /// ``ValidationOptions/publishedBaseline``'s: `published baseline: cannot read …`, `baseline/Shop/fr.lproj/X.strings`.
        static let baseline = Naming(field: .publishedBaseline, pathPrefix: "baseline/", damaged: "the baseline is damaged")
        /// A published version read as it is (`diff`): `cannot read …`, `Shop/fr.lproj/X.strings`.
        static let publishedVersion = Naming(field: nil, pathPrefix: "", damaged: "the published files are damaged", reportsNotFound: true)

        /// A `configuration` error: `problem` after the field's name (`published baseline 'x' is not …`; after a colon
        /// when it `standsAlone`: `published baseline: cannot read …`), or `problem` alone when there is no field.
        func error(_ problem: String, standsAlone: Bool = false) -> PackagerError {
            error(problem, standsAlone: standsAlone, code: .configuration)
        }

        /// What ``error(_:standsAlone:)`` gives for a fetch that failed: `notFound` for an HTTP 404 when
        /// ``reportsNotFound``, saying what to check; `configuration` otherwise.
        func fetchError(_ problem: String, _ failure: any Error) -> PackagerError {
            guard reportsNotFound, (failure as? BlockingFetch.Failure)?.httpStatus == 404 else {
                return error("\(problem): \(failure)", standsAlone: true)
            }
            return error("\(problem): \(failure) (not found): check the URL, and that this version is published there",
                         standsAlone: true, code: .notFound)
        }

        private func error(_ problem: String, standsAlone: Bool, code: PackagerError.Code) -> PackagerError {
            guard let field else { return PackagerError(code: code, reason: problem) }
            return PackagerError(
                code: code, reason: "published baseline" + (standsAlone ? ": " : " ") + problem, field: field,
                facts: PackagerError.Facts(problem: problem, problemStandsAlone: standsAlone))
        }
    }

    /// One ``ValidationInput`` per module name.
    ///
    /// - Throws: ``PackagerError`` `configuration` naming what could not be read or verified, or the limit passed.
    static func load(
        _ argument: String, developmentRegion: String, naming: Naming = .baseline, limits: PublishedReadLimits = PublishedReadLimits()
    ) throws -> [String: ValidationInput] {
        let isURL = argument.hasPrefix("http://") || argument.hasPrefix("https://") || argument.hasPrefix("file:")
        let location = isURL ? URL(string: argument) : URL(fileURLWithPath: argument)
        guard let location else {
            throw naming.error("'\(argument)' is not a URL or a path")
        }
        let result: [String: ValidationInput]
        if !isURL, FileSystem.isDirectory(location) {
            let manifest = location.appendingPathComponent("manifest.json")
            if FileManager.default.fileExists(atPath: manifest.path) {
                result = try fromManifest(manifest, developmentRegion: developmentRegion, naming: naming, limits: limits)
            } else {
                result = try fromBundleFolder(location, developmentRegion: developmentRegion, naming: naming)
            }
        } else {
            result = try fromManifest(location, developmentRegion: developmentRegion, naming: naming, limits: limits)
        }
        let tables = result.values.reduce(0) { $0 + $1.files.count }
        guard tables > 0 else {
            throw naming.error("'\(argument)' holds no module with a table; point it at a version folder "
                + "(<output>/<version>), its manifest.json, or a folder of <Module>/ bundles")
        }
        return result
    }

    private static func fromBundleFolder(_ folder: URL, developmentRegion: String, naming: Naming) throws -> [String: ValidationInput] {
        var result: [String: ValidationInput] = [:]
        for name in FileSystem.sortedChildren(of: folder) where FileSystem.isDirectory(folder.appendingPathComponent(name)) {
            let module = name.hasSuffix(".bundle") ? String(name.dropLast(".bundle".count)) : name
            do {
                result[module] = try ValidationInput(
                    contentsOf: folder.appendingPathComponent(name), module: module,
                    developmentRegion: developmentRegion, displayRoot: naming.pathPrefix + name
                )
            } catch {
                throw naming.error("\(folder.path)/\(name): \(error)")
            }
        }
        return result
    }

    private static func fromManifest(
        _ manifestURL: URL, developmentRegion: String, naming: Naming, limits: PublishedReadLimits
    ) throws -> [String: ValidationInput] {
        let deadline = BlockingFetch.Deadline(seconds: limits.maximumSeconds, name: "maximumSeconds")
        let manifest: Manifest
        do {
            manifest = try Manifest(bytes: BlockingFetch.data(
                from: manifestURL, maximumBytes: limits.maximumManifestBytes, deadline: deadline, idleTimeout: limits.requestTimeout))
        } catch {
            throw naming.fetchError("cannot read the manifest", error)
        }
        var budget = PublishedReadBudget(limits: limits)
        var result: [String: ValidationInput] = [:]
        for module in manifest.modules {
            let zipURL = manifestURL.deletingLastPathComponent().appendingPathComponent(module.path)
            let bytes: Data
            do {
                guard module.size <= limits.archive.maximumArchiveBytes else {
                    throw BlockingFetch.Failure(description: "\(zipURL.absoluteString): the manifest lists \(module.size) bytes, "
                        + "over the limit of \(limits.archive.maximumArchiveBytes) bytes (archive.maximumArchiveBytes)")
                }
                bytes = try BlockingFetch.data(
                    from: zipURL, maximumBytes: module.size, deadline: deadline, idleTimeout: limits.requestTimeout)
            } catch {
                throw naming.fetchError("cannot read module \(module.name)", error)
            }
            guard Int64(bytes.count) == module.size, SHA256Digest.hexString(bytes) == module.sha256 else {
                throw naming.error("\(zipURL.absoluteString): size or SHA-256 differs from the manifest; \(naming.damaged)")
            }
            result[module.name] = try input(
                fromZip: bytes, module: module.name, developmentRegion: developmentRegion, naming: naming, budget: &budget)
            do {
                try deadline.check(zipURL.absoluteString)
            } catch {
                throw naming.error("cannot read module \(module.name): \(error)", standsAlone: true)
            }
        }
        return result
    }

    private static func input(
        fromZip bytes: Data, module: String, developmentRegion: String, naming: Naming, budget: inout PublishedReadBudget
    ) throws -> ValidationInput {
        do {
            let archive = try ZipArchive(bytes: bytes, limits: budget.limits.archive)
            var files: [ValidationInput.File] = []
            for entry in archive.entries where !entry.isDirectory {
                // What a device installed from that ZIP: exact suffixes only, so a table published under another
                // letter case before `table-suffix-case` existed is no table the new publish must keep.
                guard BundlePath(entry.path).tableKind != nil else { continue }
                let display = "\(naming.pathPrefix)\(module)/\(entry.path)"
                let data = try archive.contents(of: entry)
                try budget.add(bytes: data.count, naming: naming)
                let content = ValidationInput.Content(parsing: data, path: display)
                try budget.add(keysOf: content, naming: naming)
                files.append(ValidationInput.File(path: display, relativePath: entry.path, content: content))
            }
            return ValidationInput(module: module, developmentRegion: developmentRegion, files: files, rootPath: naming.pathPrefix + module)
        } catch let error as PackagerError {
            throw error
        } catch {
            throw naming.error("module \(module): \(error)")
        }
    }
}
