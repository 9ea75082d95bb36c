import Foundation
import OTALocalizationsCore

/// Which files' stored headers `publish`, `promote` and `rollout` read before they rely on a file already there, and
/// what they do when those differ from the headers `publish` sets (``ObjectHeaders/differences(from:)``).
///
/// Reading an object's headers on S3 costs a `head-object` each, so the content-addressed files are read only where a
/// listing cannot vouch for them. S3 changes an object's headers only by writing it again (a copy onto itself: "After
/// you upload the object, you cannot modify object metadata. The only way to modify object metadata is to make a copy
/// of the object and set the metadata", Amazon S3 User Guide, "Working with object metadata"), which moves its
/// `LastModified`. Every file a channel's commit points name was written, with `publish`'s headers, before them, or
/// was checked by the run that wrote them; so a file they name that was last written no later than the earliest of
/// them still has those headers (a ``Voucher``), as long as the commit points themselves were not written again with
/// other headers, which would be the mark of someone rewriting objects: their headers are always read, and a commit
/// point with other headers than `publish`'s vouches for nothing. Every other file is read: one no commit point names,
/// or written after them (a copy with other headers, a planted file, an upload of a killed run).
enum HeaderCheck {
    /// A channel's commit points at the destination and the files they name, with the time the earliest was written.
    struct Voucher {
        var names: Set<String>
        var writtenAt: Date
    }

    /// The channel's commit points at the destination: its manifest and index, and their envelopes.
    static func commitPoints(channel: String?, listed: [String: StoredObject]) -> [String] {
        [ManifestChannel.manifestFileName(channel: channel), ManifestChannel.envelopeFileName(channel: channel),
         ManifestChannel.indexFileName(channel: channel), ManifestChannel.indexEnvelopeFileName(channel: channel)]
            .filter { listed[$0] != nil }
    }

    /// The voucher of the commit points `names`, which publish `manifest`: its ZIPs and slices and the parts of the index
    /// built from it. nil when a commit point is stored with other headers than `publish` gives commit points
    /// (``ObjectHeaders/isCommitPoint(_:)``), or the listing gives no time (a folder).
    static func voucher(
        for manifest: Manifest?, commitPoints names: [String], listed: [String: StoredObject], stored: [String: StoredHeaders]
    ) -> Voucher? {
        guard let manifest, !names.isEmpty else { return nil }
        let times = names.compactMap { listed[$0]?.lastModified }
        guard times.count == names.count, let writtenAt = times.min(),
              names.allSatisfy({ stored[$0].map(ObjectHeaders.isCommitPoint) ?? false }) else { return nil }
        let parts = (try? ManifestIndex.build(from: manifest).files.map(\.name)) ?? []
        return Voucher(names: Set(ManifestFiles.listed(by: manifest).map(\.path) + parts), writtenAt: writtenAt)
    }

    /// The voucher of the channel's commit points at the destination, which publish `manifest`, their headers read
    /// (one `head-object` each on S3); nil as ``voucher(for:commitPoints:listed:stored:)``.
    static func voucher(
        for manifest: Manifest?, channel: String?, listed: [String: StoredObject], in store: any VersionFolderStore
    ) throws(PackagerError) -> Voucher? {
        let names = commitPoints(channel: channel, listed: listed)
        guard manifest != nil, !names.isEmpty, let stored = try store.headers(names) else { return nil }
        return voucher(for: manifest, commitPoints: names, listed: listed, stored: stored)
    }

    /// The names among `names` that no voucher vouches for: named by none, or written after each that names them.
    static func unvouched(_ names: [String], listed: [String: StoredObject], by vouchers: [Voucher]) -> Set<String> {
        Set(names.filter { name in
            guard let written = listed[name]?.lastModified else { return true }
            return !vouchers.contains { $0.names.contains(name) && written <= $0.writtenAt }
        })
    }

    /// `items` with each skipped one among `names` whose stored headers differ from its own turned into a replace,
    /// with a note saying how they differ: its bytes are right, and it is written again with `publish`'s headers.
    static func repairing(
        _ items: [PublishPlan.Item], reading names: Set<String>, in store: any VersionFolderStore
    ) throws(PackagerError) -> [PublishPlan.Item] {
        let read = items.filter { $0.action == .skip && names.contains($0.name) }
        guard !read.isEmpty, let stored = try store.headers(read.map(\.name)) else { return items }
        return repairing(items, stored: stored, in: store.location)
    }

    /// `items` with each skipped one whose headers in `stored` differ from its own turned into a replace.
    static func repairing(_ items: [PublishPlan.Item], stored: [String: StoredHeaders], in location: PublishLocation) -> [PublishPlan.Item] {
        items.map { item in
            guard item.action == .skip, let headers = stored[item.name] else { return item }
            let differences = item.headers.differences(from: headers)
            guard !differences.isEmpty else { return item }
            var repaired = item
            repaired.action = .replace
            repaired.note = "\(location.display(item.name)) has the right bytes but \(differences.joined(separator: ", ")); "
                + "it is written again with publish's headers"
            return repaired
        }
    }

    /// One sentence for each of `files` whose stored headers differ from the ones given with it (nothing for a folder).
    static func differing(_ files: [(name: String, headers: ObjectHeaders)], in store: any VersionFolderStore) throws(PackagerError) -> [String] {
        guard !files.isEmpty, let stored = try store.headers(files.map(\.name)) else { return [] }
        return files.compactMap { file in
            guard let headers = stored[file.name] else { return nil }
            let differences = file.headers.differences(from: headers)
            return differences.isEmpty ? nil : "\(file.name) has \(differences.joined(separator: ", "))"
        }
    }
}
