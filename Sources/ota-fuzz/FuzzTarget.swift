import Foundation
import OTALocalizationsCore
import OTALocalizationsPublishing

/// One parser the fuzzer drives, chosen by `OTA_FUZZ_TARGET` or the first argument.
///
/// Each target feeds the input to one public entry point of `OTALocalizationsCore` and checks the contract its
/// documentation states: the call returns or throws that area's error struct, never anything else, and a
/// successful result is self-consistent. A broken contract traps, so libFuzzer records the input as a crash.
enum FuzzTarget: String, CaseIterable, Sendable {
    /// `ZipArchive(bytes:limits:)` then `extractAll()` (central directory, ZIP64, local headers, inflate, CRC-32).
    case zip
    /// `StringsTableParser.parse` (old-style text in UTF-8/16/32, XML and binary property lists).
    case strings
    /// `StringsDictParser.parse` (the package's own XML and binary property list readers).
    case stringsdict
    /// `Manifest(bytes:)` (the package's strict JSON parser, then its module and date checks).
    case manifest

    /// The environment variable that names the target.
    static let environmentVariable = "OTA_FUZZ_TARGET"

    /// The target named by `OTA_FUZZ_TARGET`, read once; nil when unset or unknown.
    static let selected: FuzzTarget? = ProcessInfo.processInfo.environment[environmentVariable].flatMap(FuzzTarget.init(rawValue:))

    /// Limits for the ZIP target: the shipped defaults, except 16 MiB uncompressed so that one input stays fast.
    static let zipLimits = ZipLimits(maximumEntryCount: 10_000, maximumUncompressedBytes: 16 * 1024 * 1024)

    /// Runs `data` through the target and describes the outcome in one line (`ok ...` or `threw <code>`).
    ///
    /// Traps when the target breaks its contract: an error of another type, or a result inconsistent with itself.
    func run(_ data: Data) -> String {
        switch self {
        case .zip: return Self.runZip(data)
        case .strings: return Self.runStrings(data)
        case .stringsdict: return Self.runStringsDict(data)
        case .manifest: return Self.runManifest(data)
        }
    }

    private static func runZip(_ data: Data) -> String {
        do {
            let archive = try ZipArchive(bytes: data, limits: zipLimits)
            let files = try archive.extractAll()
            let expected = archive.entries.filter { !$0.isDirectory }
            guard files.count == expected.count else {
                fatalError("extractAll returned \(files.count) files for \(expected.count) file entries")
            }
            var total: Int64 = 0
            for (file, entry) in Swift.zip(files, expected) {
                guard file.path == entry.path, UInt64(file.data.count) == entry.uncompressedSize else {
                    fatalError("extractAll returned \(file.path) with \(file.data.count) bytes for \(entry.path) declaring \(entry.uncompressedSize)")
                }
                total += Int64(file.data.count)
            }
            guard total <= zipLimits.maximumUncompressedBytes else {
                fatalError("extractAll returned \(total) bytes, over the limit")
            }
            return "ok \(archive.entries.count) entries, \(total) bytes"
        } catch {
            return "threw \(error.code)"
        }
    }

    private static func runStrings(_ data: Data) -> String {
        do {
            let table = try StringsTableParser.parse(data, path: "fuzz.strings")
            return "ok \(table.entries.count) entries"
        } catch {
            checkPosition(error)
            return "threw \(error.code)"
        }
    }

    private static func runStringsDict(_ data: Data) -> String {
        do {
            let table = try StringsDictParser.parse(data, path: "fuzz.stringsdict")
            return "ok \(table.entries.count) entries"
        } catch {
            checkPosition(error)
            return "threw \(error.code)"
        }
    }

    private static func runManifest(_ data: Data) -> String {
        do {
            let manifest = try Manifest(bytes: data)
            guard manifest.formatVersion == Manifest.currentFormatVersion else {
                fatalError("Manifest decoded formatVersion \(manifest.formatVersion)")
            }
            return "ok \(manifest.modules.count) modules, \(manifest.rejectedModules.count) rejected"
        } catch {
            return "threw \(error.code)"
        }
    }

    /// Traps on a position no editor could use: negative, or a column without a line.
    private static func checkPosition(_ error: TableError) {
        guard error.line >= 0, error.column >= 0, error.line > 0 || error.column == 0 else {
            fatalError("TableError with position \(error.line):\(error.column): \(error)")
        }
    }
}
