import Foundation

/// The completeness seal of an installed bundle folder: `<folder>/.ota-seal`, the list of every file the installer
/// wrote, with its size and SHA-256. The installer writes it last, before the folder is renamed into place.
///
/// Shape (UTF-8 text, every line ending in "\n"):
/// ```
/// ota-localizations-seal 1
/// <size> <sha256> Info.plist
/// <size> <sha256> <localization>.lproj/<table>        one line per table, paths in byte order
/// ```
/// `size` is decimal bytes without leading zeros, `sha256` 64 lowercase hex digits, and paths hold no control
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
        self.files = files.sorted { lhs, rhs in
            let (left, right) = (lhs.path == "Info.plist", rhs.path == "Info.plist")
            if left != right { return left }
            return Array(lhs.path.utf8).lexicographicallyPrecedes(Array(rhs.path.utf8))
        }
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
        guard data.count <= Self.maximumBytes, data.starts(with: Array(Self.header.utf8)), data.last == 0x0A else { return nil }
        var files: [File] = []
        for line in data.dropFirst(Self.header.utf8.count).split(separator: 0x0A, omittingEmptySubsequences: false).dropLast() {
            guard let file = Self.parseLine(line) else { return nil }
            if let previous = files.last {
                guard previous.path == "Info.plist" || Array(previous.path.utf8).lexicographicallyPrecedes(Array(file.path.utf8))
                else { return nil }
                guard file.path != "Info.plist" else { return nil }
            } else {
                guard file.path == "Info.plist" else { return nil }
            }
            files.append(file)
        }
        guard !files.isEmpty else { return nil }
        self.files = files
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
            while index < bytes.count, (0x30...0x39).contains(bytes[index]), index - digitsStart < 19 {
                size = size * 10 + Int(bytes[index] - 0x30)
                index += 1
            }
            let digits = index - digitsStart
            guard digits > 0, digits == 1 || bytes[digitsStart] != 0x30, size == infoPlistSize,
                  index + 1 + 64 + 1 + infoPlistLine.count <= bytes.count, bytes[index] == 0x20
            else { return false }
            index += 1
            for offset in 0..<64 {
                let byte = bytes[index + offset]
                guard (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte) else { return false }
            }
            index += 64
            return UnsafeBufferPointer(rebasing: bytes[index..<(index + infoPlistLine.count)]).elementsEqual(infoPlistLine)
        }
    }

    private static let headerBytes = Array(header.utf8)
    /// What follows the hash on the `Info.plist` line.
    private static let infoPlistLine = Array(" Info.plist\n".utf8)

    private static func parseLine(_ line: Data.SubSequence) -> File? {
        let fields = line.split(separator: 0x20, maxSplits: 2, omittingEmptySubsequences: false)
        guard fields.count == 3 else { return nil }
        let sizeField = fields[0]
        guard (1...19).contains(sizeField.count), sizeField.allSatisfy({ (0x30...0x39).contains($0) }),
              sizeField.count == 1 || sizeField.first != 0x30,
              let size = Int64(String(decoding: sizeField, as: UTF8.self))
        else { return nil }
        let hash = fields[1]
        guard hash.count == 64, hash.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else { return nil }
        let pathBytes = fields[2]
        guard !pathBytes.isEmpty, !pathBytes.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return nil }
        let path = String(decoding: pathBytes, as: UTF8.self)
        guard Array(path.utf8) == Array(pathBytes) else { return nil }
        return File(path: path, size: size, sha256: String(decoding: hash, as: UTF8.self))
    }
}
