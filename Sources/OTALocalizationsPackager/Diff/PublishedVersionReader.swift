import Foundation
import OTALocalizationsNames
import OTALocalizationsValidation

/// Reads a published version folder: its manifest, every ZIP the manifest lists (size and SHA-256 checked against
/// it), and the tables in each ZIP, as a device installs them.
///
/// Reads `http(s)://…/<version>` and `file:` URLs (a folder URL gets `/manifest.json`; a URL ending in `.json` is
/// the manifest itself, such as `manifest.staging.json`), a manifest file on disk, and a folder on disk holding
/// `manifest.json` or exactly one `manifest.<channel>.json`. The manifest's `modules` are read (the stable entries;
/// a staged rollout's modules are not). The manifest is read by `--baseline`'s reading (`PublishedBaseline`), with
/// its checks, in its own words (`PublishedBaseline.Naming.publishedVersion`: no option's name, paths inside the
/// version folder), within ``limits``: whatever the host or bucket holds, the reading ends in bounded time and
/// memory. Blocking: call it from a command-line tool.
public struct PublishedVersionReader: StringsLocationReading {
    /// What the reading may hold and how long it may take.
    public let limits: PublishedReadLimits

    /// Creates a reader with `limits` (the defaults unless given).
    public init(limits: PublishedReadLimits = PublishedReadLimits()) {
        self.limits = limits
    }

    public func reads(_ location: String) -> Bool {
        if let scheme = StringsLocations.scheme(of: location) { return ["http", "https", "file"].contains(scheme) }
        guard FileSystem.isDirectory(URL(fileURLWithPath: location)) else {
            return location.hasSuffix(".json") && FileManager.default.fileExists(atPath: location)
        }
        return !Self.manifests(in: URL(fileURLWithPath: location)).isEmpty
    }

    /// - Throws: ``PackagerError`` `notFound` when the manifest's or a ZIP's URL answers HTTP 404; `configuration` when
    ///   the manifest or a ZIP cannot be read otherwise, a ZIP's size or SHA-256
    ///   differs from the manifest, a limit of ``limits`` is passed, the folder holds several channel manifests, or
    ///   no module has a table.
    public func snapshot(of location: String) throws -> StringsSnapshot {
        // The development region only matters to validation, which this reading does not run.
        let inputs = try PublishedBaseline.load(
            try manifestLocation(location), developmentRegion: "en", naming: .publishedVersion, limits: limits)
        var tables: [StringsSnapshot.TableID: StringsSnapshot.Table] = [:]
        for (module, input) in inputs {
            for file in input.files {
                guard let localization = file.localization else { continue }
                let id = StringsSnapshot.TableID(module: module, localization: localization, fileName: BundlePath(file.relativePath).fileName)
                switch file.content {
                case .strings(let table): tables[id] = StringsSnapshot.Table(.strings(table))
                case .stringsDict(let table): tables[id] = StringsSnapshot.Table(.stringsDict(table))
                case .unreadable(let error): tables[id] = StringsSnapshot.Table(entries: [:], unreadableReason: "\(error)")
                }
            }
        }
        return StringsSnapshot(tables: tables)
    }

    /// The manifest to read: a URL or file as given when it ends in `.json`, `<folder URL>/manifest.json`, or the
    /// one manifest of a folder on disk.
    private func manifestLocation(_ location: String) throws -> String {
        if StringsLocations.scheme(of: location) != nil {
            if location.hasSuffix(".json") { return location }
            return (location.hasSuffix("/") ? location : location + "/") + "manifest.json"
        }
        let folder = URL(fileURLWithPath: location)
        guard FileSystem.isDirectory(folder) else { return location }
        let manifests = Self.manifests(in: folder)
        if manifests.contains("manifest.json") { return location }
        guard manifests.count == 1 else {
            throw PackagerError(
                code: .configuration,
                reason: "\(location) holds \(manifests.joined(separator: ", ")): pass the one to read, e.g. "
                    + folder.appendingPathComponent(manifests[0]).path)
        }
        return folder.appendingPathComponent(manifests[0]).path
    }

    /// `manifest.json` and every `manifest.<channel>.json` in `folder` (not the signed `.dsse.json` ones), sorted.
    static func manifests(in folder: URL) -> [String] {
        FileSystem.sortedChildren(of: folder).filter { name in
            name == "manifest.json"
                || (name.hasPrefix("manifest.") && name.hasSuffix(".json") && !name.hasSuffix(".dsse.json")
                    && name.split(separator: ".").count == 3)
        }
    }
}
