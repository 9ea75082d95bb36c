import Foundation
import OTALocalizations

/// `modules/<storage name>/published`: the manifest entry's `sha256` of a folder whose own name is another hash (one
/// assembled from slices), beside `current` and outside the folder, so that
/// ``OTALocalizedString/installedContent(for:storageRoot:appVersion:)`` gives every device the publish's identity
/// for the module whatever its languages (docs/rollouts.md, "Copy experiments and attribution").
///
/// Written inside the commit gate before `current` names a new folder assembled from slices, keeping the line of
/// the folder `current` names until then, so a process killed between the two writes leaves a line for whichever
/// folder is active; removed after `current` moves to a folder installed from the full ZIP (whose name is the
/// entry's `sha256`). A cycle that skips a module keeps its line (the text came from the publish that installed it)
/// and writes one only where none is (a folder installed before the record existed).
enum PublishedRecord {
    /// Makes the record say that `folderHash` (the folder `current` names or is about to) holds the text of the entry
    /// whose `sha256` is `published`; with `replacing` false, only when the record has no line for `folderHash`. A
    /// folder from the full ZIP (`folderHash == published`) needs no line: the record is removed. Writes nothing when
    /// the record already says so.
    /// With `published` nil (the entry's `sha256` could not be learnt: the index's full part failed), the record keeps
    /// only the active folder's line: `folderHash` gets none, so it is attributed by its own hash, never by a line an
    /// older install of the same folder left.
    static func set(
        _ layout: OTAStorageLayout, module: String, folderHash: String, published: String?, replacing: Bool = true
    ) throws(CycleFailure) {
        let file = layout.publishedRecordFile(module: module)
        let existing = SmallFile.read(file.path, maximumBytes: 512).flatMap(OTAStorageLayout.parsePublishedRecord) ?? [:]
        if !replacing, existing[folderHash] != nil { return }
        var lines: [(folder: String, published: String)] = []
        if let published, published != folderHash { lines.append((folderHash, published)) }
        if published != folderHash,
           let active = layout.activeInstallFolder(module: module).flatMap({ OTAStorageLayout.folderHash(ofInstallFolderName: $0.lastPathComponent) }),
           active != folderHash, let line = existing[active] {
            lines.append((active, line))
        }
        guard !lines.isEmpty else {
            if DurableFiles.exists(file) {
                DurableFiles.discard(file, layout: layout)
                DurableFiles.syncDirectory(layout.moduleFolder(module))
            }
            return
        }
        if existing.count == lines.count, lines.allSatisfy({ existing[$0.folder] == $0.published }) { return }
        DurableFiles.clearForFile(file, layout: layout)
        try DurableFiles.replaceFile(file, with: OTAStorageLayout.publishedRecordContents(lines), temporaryFolder: layout.temporaryFolder)
    }
}
