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
/// Thread safety: blocking reads on the calling thread; call it from a command-line tool, not from an app.
enum PublishedBaseline {
    /// How the messages and paths of a reading name what is read.
    struct Naming: Sendable {
        /// The option that names it at the start of each error (`--baseline`), or nil for none.
        let option: String?
        /// What each table's path starts with (`baseline/`, then `<Module>/…`).
        let pathPrefix: String
        /// What a ZIP whose size or SHA-256 differs from the manifest means.
        let damaged: String

        /// `--baseline`'s: `--baseline: cannot read …`, `baseline/Shop/fr.lproj/X.strings`.
        static let baseline = Naming(option: "--baseline", pathPrefix: "baseline/", damaged: "the baseline is damaged")
        /// A published version read as it is (`diff`): `cannot read …`, `Shop/fr.lproj/X.strings`.
        static let publishedVersion = Naming(option: nil, pathPrefix: "", damaged: "the published files are damaged")

        /// `text` after the option and `separator` (`--baseline: text`), or `text` alone when there is no option.
        func reason(_ text: String, separator: String = " ") -> String {
            option.map { $0 + separator + text } ?? text
        }
    }

    /// One ``ValidationInput`` per module name.
    ///
    /// - Throws: ``PackagerError`` `configuration` naming what could not be read or verified.
    static func load(_ argument: String, developmentRegion: String, naming: Naming = .baseline) throws -> [String: ValidationInput] {
        let isURL = argument.hasPrefix("http://") || argument.hasPrefix("https://") || argument.hasPrefix("file:")
        let location = isURL ? URL(string: argument) : URL(fileURLWithPath: argument)
        guard let location else {
            throw PackagerError(code: .configuration, reason: naming.reason("'\(argument)' is not a URL or a path"))
        }
        let result: [String: ValidationInput]
        if !isURL, FileSystem.isDirectory(location) {
            let manifest = location.appendingPathComponent("manifest.json")
            if FileManager.default.fileExists(atPath: manifest.path) {
                result = try fromManifest(manifest, developmentRegion: developmentRegion, naming: naming)
            } else {
                result = try fromBundleFolder(location, developmentRegion: developmentRegion, naming: naming)
            }
        } else {
            result = try fromManifest(location, developmentRegion: developmentRegion, naming: naming)
        }
        let tables = result.values.reduce(0) { $0 + $1.files.count }
        guard tables > 0 else {
            throw PackagerError(
                code: .configuration,
                reason: naming.reason("'\(argument)' holds no module with a table; point it at a version folder "
                    + "(<output>/<version>), its manifest.json, or a folder of <Module>/ bundles")
            )
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
                throw PackagerError(code: .configuration, reason: naming.reason("\(folder.path)/\(name): \(error)"))
            }
        }
        return result
    }

    private static func fromManifest(_ manifestURL: URL, developmentRegion: String, naming: Naming) throws -> [String: ValidationInput] {
        let manifest: Manifest
        do {
            manifest = try Manifest(bytes: BlockingFetch.data(from: manifestURL))
        } catch {
            throw PackagerError(code: .configuration, reason: naming.reason("cannot read the manifest: \(error)", separator: ": "))
        }
        var result: [String: ValidationInput] = [:]
        for module in manifest.modules {
            let zipURL = manifestURL.deletingLastPathComponent().appendingPathComponent(module.path)
            let bytes: Data
            do {
                bytes = try BlockingFetch.data(from: zipURL)
            } catch {
                throw PackagerError(code: .configuration, reason: naming.reason("cannot read module \(module.name): \(error)", separator: ": "))
            }
            guard Int64(bytes.count) == module.size, SHA256Digest.hexString(bytes) == module.sha256 else {
                throw PackagerError(
                    code: .configuration,
                    reason: naming.reason("\(zipURL.absoluteString): size or SHA-256 differs from the manifest; \(naming.damaged)")
                )
            }
            result[module.name] = try input(fromZip: bytes, module: module.name, developmentRegion: developmentRegion, naming: naming)
        }
        return result
    }

    private static func input(fromZip bytes: Data, module: String, developmentRegion: String, naming: Naming) throws -> ValidationInput {
        do {
            let archive = try ZipArchive(bytes: bytes)
            var files: [ValidationInput.File] = []
            for entry in archive.entries where !entry.isDirectory {
                // What a device installed from that ZIP: exact suffixes only, so a table published under another
                // letter case before `table-suffix-case` existed is no table the new publish must keep.
                guard BundlePath(entry.path).tableKind != nil else { continue }
                let display = "\(naming.pathPrefix)\(module)/\(entry.path)"
                let content = ValidationInput.Content(parsing: try archive.contents(of: entry), path: display)
                files.append(ValidationInput.File(path: display, relativePath: entry.path, content: content))
            }
            return ValidationInput(module: module, developmentRegion: developmentRegion, files: files, rootPath: naming.pathPrefix + module)
        } catch {
            throw PackagerError(code: .configuration, reason: naming.reason("module \(module): \(error)"))
        }
    }
}
