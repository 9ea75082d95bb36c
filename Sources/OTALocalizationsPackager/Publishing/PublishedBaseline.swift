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
    /// One ``ValidationInput`` per module name.
    ///
    /// - Throws: ``PackagerError`` `configuration` naming what could not be read or verified.
    static func load(_ argument: String, developmentRegion: String) throws -> [String: ValidationInput] {
        let isURL = argument.hasPrefix("http://") || argument.hasPrefix("https://") || argument.hasPrefix("file:")
        let location = isURL ? URL(string: argument) : URL(fileURLWithPath: argument)
        guard let location else {
            throw PackagerError(code: .configuration, reason: "--baseline '\(argument)' is not a URL or a path")
        }
        let result: [String: ValidationInput]
        if !isURL, FileSystem.isDirectory(location) {
            let manifest = location.appendingPathComponent("manifest.json")
            if FileManager.default.fileExists(atPath: manifest.path) {
                result = try fromManifest(manifest, developmentRegion: developmentRegion)
            } else {
                result = try fromBundleFolder(location, developmentRegion: developmentRegion)
            }
        } else {
            result = try fromManifest(location, developmentRegion: developmentRegion)
        }
        let tables = result.values.reduce(0) { $0 + $1.files.count }
        guard tables > 0 else {
            throw PackagerError(
                code: .configuration,
                reason: "--baseline '\(argument)' holds no module with a table; point it at a version folder "
                    + "(<output>/<version>), its manifest.json, or a folder of <Module>/ bundles"
            )
        }
        return result
    }

    private static func fromBundleFolder(_ folder: URL, developmentRegion: String) throws -> [String: ValidationInput] {
        var result: [String: ValidationInput] = [:]
        for name in FileSystem.sortedChildren(of: folder) where FileSystem.isDirectory(folder.appendingPathComponent(name)) {
            let module = name.hasSuffix(".bundle") ? String(name.dropLast(".bundle".count)) : name
            do {
                result[module] = try ValidationInput(
                    contentsOf: folder.appendingPathComponent(name), module: module,
                    developmentRegion: developmentRegion, displayRoot: "baseline/\(name)"
                )
            } catch {
                throw PackagerError(code: .configuration, reason: "--baseline \(folder.path)/\(name): \(error)")
            }
        }
        return result
    }

    private static func fromManifest(_ manifestURL: URL, developmentRegion: String) throws -> [String: ValidationInput] {
        let manifest: Manifest
        do {
            manifest = try Manifest(bytes: BlockingFetch.data(from: manifestURL))
        } catch {
            throw PackagerError(code: .configuration, reason: "--baseline: cannot read the manifest: \(error)")
        }
        var result: [String: ValidationInput] = [:]
        for module in manifest.modules {
            let zipURL = manifestURL.deletingLastPathComponent().appendingPathComponent(module.path)
            let bytes: Data
            do {
                bytes = try BlockingFetch.data(from: zipURL)
            } catch {
                throw PackagerError(code: .configuration, reason: "--baseline: cannot read module \(module.name): \(error)")
            }
            guard Int64(bytes.count) == module.size, SHA256Digest.hexString(bytes) == module.sha256 else {
                throw PackagerError(
                    code: .configuration,
                    reason: "--baseline \(zipURL.absoluteString): size or SHA-256 differs from the manifest; the baseline is damaged"
                )
            }
            result[module.name] = try input(fromZip: bytes, module: module.name, developmentRegion: developmentRegion)
        }
        return result
    }

    private static func input(fromZip bytes: Data, module: String, developmentRegion: String) throws -> ValidationInput {
        do {
            let archive = try ZipArchive(bytes: bytes)
            var files: [ValidationInput.File] = []
            for entry in archive.entries where !entry.isDirectory {
                // What a device installed from that ZIP: exact suffixes only, so a table published under another
                // letter case before `table-suffix-case` existed is no table the new publish must keep.
                guard BundlePath(entry.path).tableKind != nil else { continue }
                let display = "baseline/\(module)/\(entry.path)"
                let content = ValidationInput.Content(parsing: try archive.contents(of: entry), path: display)
                files.append(ValidationInput.File(path: display, relativePath: entry.path, content: content))
            }
            return ValidationInput(module: module, developmentRegion: developmentRegion, files: files, rootPath: "baseline/\(module)")
        } catch {
            throw PackagerError(code: .configuration, reason: "--baseline module \(module): \(error)")
        }
    }
}
