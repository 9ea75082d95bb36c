import Foundation
import OTALocalizationsNames

/// The completeness seal of an installed bundle folder: `<folder>/.ota-seal`, the list of every file the installer
/// wrote, with its size and SHA-256. The installer writes it last, before the folder is renamed into place.
///
/// Shape (UTF-8 text, every line ending in "\n"):
/// ```
/// ota-localizations-seal 1
/// <size> <sha256> Info.plist
/// <size> <sha256> <localization>.lproj/<table>        one line per table, paths in byte order
/// ```
/// `size` is decimal bytes without leading zeros (at most 18 digits), `sha256` 64 lowercase hex digits, and paths hold no control
/// characters. Two checks read it: the launch path's ``isPlausible(_:infoPlistSize:)`` (no hashing: the header,
/// the `Info.plist` line and the final newline) and the service's full check (``init(parsing:)``, then every
/// file's listing, size and SHA-256).
package struct BundleSeal: Sendable, Equatable {
    /// One sealed file.
    package struct File: Sendable, Equatable {
        /// The path inside the folder, `/`-separated.
        package var path: String
        /// The size in bytes.
        package var size: Int64
        /// The SHA-256 of the contents, 64 lowercase hex digits.
        package var sha256: String

        package init(path: String, size: Int64, sha256: String) {
            self.path = path
            self.size = size
            self.sha256 = sha256
        }
    }

    /// The seal's file name inside an installed folder.
    package static let fileName = ".ota-seal"
    /// The first line, format version included.
    package static let header = "ota-localizations-seal 1\n"
    /// The largest seal read, in bytes (10,000 entries, the ZIP limit, fit in about 1.5 MB).
    package static let maximumBytes = 4 * 1024 * 1024

    /// `Info.plist` first, then the tables in byte order of their paths.
    package private(set) var files: [File]

    /// A seal over `files` (any order; `Info.plist` must be one of them).
    package init(files: [File]) {
        let tables = files.filter { $0.path != BundlePath.infoPlist }
        self.files = files.filter { $0.path == BundlePath.infoPlist }
            + UTF8ByteOrder.positions(of: tables.map(\.path)).map { tables[$0] }
    }

    /// The seal's bytes.
    package func encoded() -> Data {
        var text = Self.header
        for file in files { text += "\(file.size) \(file.sha256) \(file.path)\n" }
        return Data(text.utf8)
    }

    /// Parses a seal strictly; nil when any line is out of shape, a path repeats or is out of order, or the
    /// first file is not `Info.plist`.
    package init?(parsing data: Data) {
        guard data.count <= Self.maximumBytes, data.last == 0x0A else { return nil }
        let parsed = data.withUnsafeBytes { raw -> [File]? in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard bytes.starts(with: Self.headerBytes) else { return nil }
            var files: [File] = []
            var previous: UnsafeBufferPointer<UInt8>.SubSequence?
            var start = Self.headerBytes.count
            while start < bytes.count {
                var end = start
                while bytes[end] != 0x0A { end += 1 }   // the data ends with "\n"
                guard let line = Self.parseLine(bytes[start..<end]) else { return nil }
                let path = bytes[line.path]
                if let previous {
                    // After Info.plist, strictly increasing byte order.
                    guard !path.elementsEqual(Self.infoPlistPath) else { return nil }
                    if files.count > 1, !previous.lexicographicallyPrecedes(path) { return nil }
                } else {
                    guard path.elementsEqual(Self.infoPlistPath) else { return nil }
                }
                previous = path
                files.append(File(
                    path: String(decoding: path, as: UTF8.self), size: line.size,
                    sha256: String(decoding: bytes[line.hash], as: UTF8.self)))
                start = end + 1
            }
            return files.isEmpty ? nil : files
        }
        guard let parsed else { return nil }
        self.files = parsed
    }

    /// The launch path's check: the header, an `Info.plist` line whose size is `infoPlistSize`, and a final "\n".
    ///
    /// A few byte comparisons over the first two lines; no hashing, no allocation, no other file read.
    package static func isPlausible(_ data: Data, infoPlistSize: Int) -> Bool {
        guard data.count > headerBytes.count, data.count <= maximumBytes, data.last == 0x0A else { return false }
        return data.withUnsafeBytes { raw -> Bool in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard bytes.starts(with: headerBytes) else { return false }
            // "<size> <64 hex> Info.plist\n", the size in decimal without leading zeros.
            var index = headerBytes.count
            var size = 0
            let digitsStart = index
            while index < bytes.count, (0x30...0x39).contains(bytes[index]), index - digitsStart < 18 {
                size = size * 10 + Int(bytes[index] - 0x30)
                index += 1
            }
            let digits = index - digitsStart
            guard digits > 0, digits == 1 || bytes[digitsStart] != 0x30, size == infoPlistSize,
                  index + 1 + 64 + infoPlistLine.count <= bytes.count, bytes[index] == 0x20
            else { return false }
            index += 1
            for offset in 0..<64 {
                let byte = bytes[index + offset]
                guard LowercaseHex.isDigit(byte) else { return false }
            }
            index += 64
            return UnsafeBufferPointer(rebasing: bytes[index..<(index + infoPlistLine.count)]).elementsEqual(infoPlistLine)
        }
    }

    private static let headerBytes = Array(header.utf8)
    /// What follows the hash on the `Info.plist` line.
    private static let infoPlistLine = Array(" Info.plist\n".utf8)

    private static let infoPlistPath = Array(BundlePath.infoPlist.utf8)

    /// `<size> <sha256> <path>` without its "\n": the size, and the ranges of the hash and the path.
    private static func parseLine(
        _ line: UnsafeBufferPointer<UInt8>.SubSequence
    ) -> (size: Int64, hash: Range<Int>, path: Range<Int>)? {
        var index = line.startIndex
        var size: Int64 = 0
        while index < line.endIndex, (0x30...0x39).contains(line[index]) {
            guard index - line.startIndex < 18 else { return nil }
            size = size * 10 + Int64(line[index] - 0x30)
            index += 1
        }
        let digits = index - line.startIndex
        guard digits > 0, digits == 1 || line[line.startIndex] != 0x30,
              index + 1 + 64 + 1 < line.endIndex, line[index] == 0x20, line[index + 65] == 0x20
        else { return nil }
        let hash = (index + 1)..<(index + 65)
        for position in hash {
            let byte = line[position]
            guard LowercaseHex.isDigit(byte) else { return nil }
        }
        let path = (index + 66)..<line.endIndex
        for position in path {
            let byte = line[position]
            guard byte >= 0x20, byte != 0x7F else { return nil }
        }
        // The path must be valid UTF-8: decoding would replace invalid bytes.
        guard String(decoding: line[path], as: UTF8.self).utf8.elementsEqual(line[path]) else { return nil }
        return (size, hash, path)
    }
}
