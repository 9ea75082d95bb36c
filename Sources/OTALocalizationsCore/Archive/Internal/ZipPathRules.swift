/// The name rules shared by the ZIP reader and writer (APPNOTE.TXT 4.4.17.1: relative, forward slashes, no drive).
package enum ZipPathRules {
    /// Throws when `path` could escape or confuse the extraction root; a trailing `/` (a folder) is allowed.
    package static func validate(_ path: String) throws(ArchiveError) {
        func fail(_ code: ArchiveError.Code, _ reason: String) -> ArchiveError {
            ArchiveError(code: code, reason: reason, entryPath: path)
        }
        let bytes = Array(path.utf8)
        // Checked first: the reader's later checks walk every folder prefix of the name, so their cost grows with
        // the square of its length (a 64 KiB name of `a/a/a/...` took 0.5 s, 240 of them 128 s).
        if bytes.count > ZipArchive.maximumNameBytes {
            throw fail(.nameTooLong, "the name has \(bytes.count) bytes, more than \(ZipArchive.maximumNameBytes)")
        }
        if bytes.contains(0) { throw fail(.nulInName, "the name contains a NUL character") }
        if bytes.contains(UInt8(ascii: "\\")) { throw fail(.backslashInPath, "the name contains a backslash") }
        if bytes.first == UInt8(ascii: "/") { throw fail(.absolutePath, "the name is an absolute path") }
        if bytes.count >= 2, bytes[1] == UInt8(ascii: ":"), isASCIILetter(bytes[0]) {
            throw fail(.driveLetter, "the name starts with a drive letter")
        }
        var components = bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        if components.count > 1, components.last?.isEmpty == true { components.removeLast() }
        for component in components {
            if component.elementsEqual("..".utf8) { throw fail(.pathEscapesRoot, "the name has a `..` component") }
            if component.isEmpty { throw fail(.emptyPathComponent, "the name has an empty component") }
            if component.elementsEqual(".".utf8) { throw fail(.emptyPathComponent, "the name has a `.` component") }
        }
    }

    /// The key under which two names collide on a case-insensitive, normalization-insensitive file system (APFS
    /// and HFS+ defaults): trailing `/` dropped, lowercased; `String` equality already ignores normalization.
    package static func collisionKey(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return trimmed.lowercased()
    }

    /// Whether `path` is Apple metadata that archivers add and readers skip: under `__MACOSX/` or a `._` file.
    static func isAppleMetadata(_ path: String) -> Bool {
        if path.hasPrefix("__MACOSX/") { return true }
        return path.split(separator: "/").contains { $0.hasPrefix("._") }
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }
}
