import OTALocalizationsNames
import OTALocalizationsPackager

/// The "Skipped" part of `package` and `modules` text output: one line per file, except that files of one name
/// skipped for one reason share a line ("46 InfoPlist.strings files in NextcloudTalk/*.lproj: …").
enum SkippedText {
    /// The lines after the "Skipped N files (not published):" header, in order of each group's first path.
    static func lines(_ skipped: [SkippedFile]) -> [String] {
        var groups: [String: [SkippedFile]] = [:]
        var order: [String] = []
        for file in skipped {
            let key = file.reason + "\u{0}" + fileName(file.path).lowercased()
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(file)
        }
        return order.compactMap { key in
            guard let files = groups[key], let first = files.first else { return nil }
            guard files.count > 1 else { return "  \(first.path): \(first.reason)" }
            return "  \(files.count) \(fileName(first.path)) files in \(places(files.map(\.path))): \(first.reason)"
        }
    }

    private static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// `App/*.lproj` for files directly in `.lproj` folders of one folder; the folders, three at most, otherwise.
    private static func places(_ paths: [String]) -> String {
        var folders: [String] = []
        for path in paths {
            var components = path.split(separator: "/").dropLast().map(String.init)
            if let last = components.last, LocalizationFolder.localization(ofFolder: last) != nil {
                components[components.count - 1] = "*" + LocalizationFolder.suffix
            }
            let folder = components.isEmpty ? "." : components.joined(separator: "/")
            if !folders.contains(folder) { folders.append(folder) }
        }
        let shown = folders.prefix(3).joined(separator: ", ")
        return folders.count > 3 ? "\(shown) and \(folders.count - 3) more folders" : shown
    }
}
