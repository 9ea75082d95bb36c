import Foundation
import OTALocalizationsNames

/// What a bundle folder assembled from slices holds: `<folder>/.ota-slices`, written by the installer before the
/// seal and listed in it (docs/design.md, "On the device").
///
/// Shape (UTF-8 text, every line ending in "\n", names separated by one space):
/// ```
/// ota-localizations-slices 1
/// development <development region>
/// available <every localization of the module but Base, in byte order, each once>
/// base <sha256 of the base slice ZIP>
/// <localization> <sha256 of its slice ZIP>        one line per installed localization slice, in byte order
/// ```
/// The folder's name is the SHA-256 of these bytes, so the same slices always make the same folder name, and a
/// different choice of slices a different one. The read side reads it at launch to decide whether the folder covers
/// the device's languages (``OTALocalizationSelection/covers(installed:available:developmentRegion:)``).
package struct SliceRecord: Sendable, Equatable {
    /// The record's file name inside an installed folder.
    package static let fileName = ".ota-slices"
    /// The first line, format version included.
    package static let header = "ota-localizations-slices 1"
    /// The largest record read, in bytes.
    package static let maximumBytes = 64 * 1024

    package var developmentRegion: String
    /// The module's localizations (without `Base`), in byte order.
    package var available: [String]
    /// SHA-256 of the base slice ZIP.
    package var baseSHA256: String
    /// The installed localization slices and their ZIPs' SHA-256, by localization.
    package var localizations: [String: String]

    package init(developmentRegion: String, available: [String], baseSHA256: String, localizations: [String: String]) {
        self.developmentRegion = developmentRegion
        self.available = available
        self.baseSHA256 = baseSHA256
        self.localizations = localizations
    }

    /// The localizations the folder holds: the development region and each installed slice's.
    package var installed: [String] { [developmentRegion] + sortedNames }

    private var sortedNames: [String] {
        UTF8ByteOrder.sorted(Array(localizations.keys))
    }

    /// The record's bytes.
    package func encoded() -> Data {
        var text = Self.header + "\n"
        text += "development \(developmentRegion)\n"
        text += (["available"] + available).joined(separator: " ") + "\n"
        text += "base \(baseSHA256)\n"
        for name in sortedNames { text += "\(name) \(localizations[name]!)\n" }
        return Data(text.utf8)
    }

    /// Parses a record strictly; nil when a line is out of shape.
    package init?(parsing data: Data) {
        guard data.count <= Self.maximumBytes, data.last == 0x0A,
              let text = String(data: data, encoding: .utf8) else { return nil }
        let lines = text.dropLast().split(separator: "\n", omittingEmptySubsequences: false).map { $0.split(separator: " ", omittingEmptySubsequences: false).map(String.init) }
        guard lines.count >= 4, lines[0] == Self.header.split(separator: " ").map(String.init),
              lines[1].count == 2, lines[1][0] == "development", !lines[1][1].isEmpty,
              lines[2].first == "available", lines[2].dropFirst().allSatisfy({ !$0.isEmpty }),
              lines[3].count == 2, lines[3][0] == "base", LowercaseHex.isSHA256(lines[3][1])
        else { return nil }
        var localizations: [String: String] = [:]
        for line in lines.dropFirst(4) {
            guard line.count == 2, !line[0].isEmpty, LowercaseHex.isSHA256(line[1]), localizations[line[0]] == nil else { return nil }
            localizations[line[0]] = line[1]
        }
        self.init(developmentRegion: lines[1][1], available: Array(lines[2].dropFirst()), baseSHA256: lines[3][1], localizations: localizations)
    }
}
