import Foundation
import OTALocalizationsCore

/// Reads and parses every table of the discovered modules, collecting every failure before reporting.
enum TableLoader {
    struct Loaded {
        /// Module name to bundle path to bytes.
        var bytes: [String: [String: Data]]
        /// Module name to bundle path to the parsed table.
        var tables: [String: [String: LocalizationTable]]
    }

    /// - Throws: ``PackagerError`` `invalidTables` listing every table that cannot be read or parsed, as
    ///   `path:line:column: reason`, paths relative to the repository root.
    static func load(_ modules: [DiscoveredModule]) throws -> Loaded {
        var loaded = Loaded(bytes: [:], tables: [:])
        var failures: [String] = []
        for module in modules {
            for table in module.tables {
                let data: Data
                do {
                    data = try Data(contentsOf: table.url)
                } catch {
                    failures.append("\(table.relativePath): cannot be read; check the file's permissions")
                    continue
                }
                do {
                    let parsed = try LocalizationTable.parse(data, path: table.relativePath)
                    loaded.bytes[module.name, default: [:]][table.bundlePath] = data
                    loaded.tables[module.name, default: [:]][table.bundlePath] = parsed
                } catch let error as TableError {
                    failures.append(error.description)
                } catch {
                    failures.append("\(table.relativePath): \(error)")
                }
            }
        }
        if !failures.isEmpty {
            let noun = failures.count == 1 ? "table does" : "tables do"
            throw PackagerError(
                code: .invalidTables,
                reason: "\(failures.count) \(noun) not parse; nothing was written. Fix each file below and run again.",
                details: failures
            )
        }
        return loaded
    }
}
