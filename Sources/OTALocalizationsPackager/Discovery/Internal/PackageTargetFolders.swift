import Foundation
import OTALocalizationsSourceLint

/// The targets of one `Package.swift` with the folder each one's files are in (``ModuleNamingRule/PackageTarget``).
enum PackageTargetFolders {
    /// Manifests larger than this are not read (a real one is a few KB).
    static let maximumManifestBytes: Int64 = 1 << 20

    /// The targets of the `Package.swift` in the folder at `packageRoot`, as far as they can be read without running
    /// it (``PackageManifestTargets``); empty when it cannot be read. A target's folder is its `path:` (normalized;
    /// a path leaving the package is dropped), else the first of SwiftPM's default folders (`Sources/<name>`, …)
    /// that exists, else `Sources/<name>`.
    static func read(packageRoot: String) -> [ModuleNamingRule.PackageTarget] {
        let manifest = URL(fileURLWithPath: packageRoot + "/Package.swift")
        guard let size = FileSystem.size(of: manifest), size <= maximumManifestBytes,
              let data = try? Data(contentsOf: manifest) else { return [] }
        return PackageManifestTargets.targets(in: String(decoding: data, as: UTF8.self)).compactMap { target in
            let excluded = target.excluded.compactMap(normalized)
            if let path = target.path {
                guard let folder = normalized(path) else { return nil }
                return ModuleNamingRule.PackageTarget(
                    name: target.name, folder: folder, declaredPath: path, excluded: excluded)
            }
            let parents = PackageManifestTargets.defaultParents(isTest: target.isTest)
            let parent = parents.first { parent in
                FileSystem.kind(ofPath: FileSystem.path(packageRoot, [parent, target.name])) == .directory
            } ?? parents[0]
            return ModuleNamingRule.PackageTarget(
                name: target.name, folder: [parent, target.name], declaredPath: nil, excluded: excluded)
        }
    }

    /// `path`'s components without `.` and empty ones; nil for an absolute path or one with `..`.
    static func normalized(_ path: String) -> [String]? {
        guard !path.hasPrefix("/") else { return nil }
        let components = path.split(separator: "/").map(String.init).filter { $0 != "." }
        return components.contains("..") ? nil : components
    }
}
