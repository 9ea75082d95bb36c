import Foundation
import OTALocalizationsCore

/// Tables left out of a module for what they hold, once parsed: tables whose keys show that iOS reads them outside
/// the app's own lookups although the file that pairs with them is gone (an orphan storyboard or intent table),
/// and tables with no key in any localization.
///
/// The unit is a table name within a module: all its files (every localization, `.strings` and `.stringsdict`)
/// go together. Rules, in order (docs/configuration.md, "What is published"):
/// 1. no file of the table has a key: nothing to publish;
/// 2. every key of every file is an Interface Builder object ID followed by a property (`2pk-oe-F9k.text`: three,
///    two and three letters or digits joined by `-`, as Interface Builder writes them): a storyboard or XIB table;
/// 3. every `.strings` key is an intent definition ID (six letters or digits, or several joined by `-`) and the table
///    is named `Intents` (Xcode's name for a new intent definition file) or one of its keys has a digit or a
///    lowercase letter before an uppercase one (`3d6HSO`, `fovmPX`: Xcode's random IDs; six-letter words such as
///    `Cancel` have neither): an intent definition's table, such as a widget's configuration intent.
enum ContentSkips {
    /// The tables to publish and the files left out, with the reason (one entry per file).
    static func apply(_ tables: [LoadedTable]) -> (kept: [LoadedTable], skipped: [SkippedFile]) {
        var reasons: [String: SkipReason] = [:]
        for (name, group) in Dictionary(grouping: tables, by: \.tableName) {
            if let reason = reason(name, group) { reasons[name] = reason }
        }
        guard !reasons.isEmpty else { return (tables, []) }
        var kept: [LoadedTable] = []
        var skipped: [SkippedFile] = []
        var seen: Set<String> = []
        for table in tables {
            guard let reason = reasons[table.tableName] else {
                kept.append(table)
                continue
            }
            // A catalog's compiled tables share its path: list it once.
            if seen.insert(table.sourcePath).inserted { skipped.append(SkippedFile(path: table.sourcePath, reason: reason)) }
        }
        return (kept, skipped)
    }

    /// The reason to leave the table out, or nil; stops at the first key that rules every reason out (the first
    /// key of almost every table).
    private static func reason(_ name: String, _ group: [LoadedTable]) -> SkipReason? {
        var anyKey = false
        var allObjectIDs = true
        var allIntentIDs = true
        var generated = name.lowercased() == "intents"
        var anyStringsKey = false
        func see(_ key: String, inStrings: Bool) -> Bool {
            anyKey = true
            if allObjectIDs, !isObjectIDKey(key) { allObjectIDs = false }
            if inStrings {
                anyStringsKey = true
                if allIntentIDs, !isIntentID(key) { allIntentIDs = false }
                if allIntentIDs, !generated, looksGenerated(key) { generated = true }
            }
            return allObjectIDs || allIntentIDs
        }
        for table in group {
            switch table.table {
            case .strings(let strings):
                for entry in strings.entries where !see(entry.key, inStrings: true) { return nil }
            case .stringsDict(let dictionary):
                for key in dictionary.entries.keys where !see(key, inStrings: false) && !allIntentIDs { return nil }
            }
        }
        if !anyKey { return SkipReason.noKeys }
        if allObjectIDs { return SkipReason.interfaceBuilderKeys }
        if allIntentIDs, anyStringsKey, generated { return SkipReason.intentKeys }
        return nil
    }

    /// `2pk-oe-F9k.text`, `BYZ-38-t0r.segmentTitles[0]`: an Interface Builder object ID, a `.` and a property path.
    static func isObjectIDKey(_ key: String) -> Bool {
        let bytes = Array(key.utf8)
        // `xxx-xx-xxx` (indices 0–9), `.` (10), then a property path starting with a letter (11…).
        guard bytes.count >= 12 else { return false }
        for (index, byte) in bytes.prefix(11).enumerated() {
            switch index {
            case 3, 6: guard byte == UInt8(ascii: "-") else { return false }
            case 10: guard byte == UInt8(ascii: ".") else { return false }
            default: guard isAlphanumeric(byte) else { return false }
            }
        }
        guard isLetter(bytes[11]) else { return false }
        return bytes.dropFirst(12).allSatisfy { isAlphanumeric($0) || "_.[]".utf8.contains($0) }
    }

    /// `0jWfGg`, `apSxMG-dYQ5NN`: one or more six-character intent definition IDs joined by `-`.
    static func isIntentID(_ key: String) -> Bool {
        let parts = key.utf8.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        return parts.allSatisfy { $0.count == 6 && $0.allSatisfy(isAlphanumeric) }
    }

    /// Whether an ID has a digit, or a lowercase ASCII letter followed by an uppercase one.
    static func looksGenerated(_ key: String) -> Bool {
        let bytes = Array(key.utf8)
        for (index, byte) in bytes.enumerated() {
            if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { return true }
            if index > 0, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[index - 1]),
               (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) { return true }
        }
        return false
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
