import Foundation

/// Reads the development values that lookups write in Swift sources (``SourceDevelopmentValue``), with the same
/// lexer as ``SourceLinter``: calls inside comments and string literals are not read.
///
/// All functions are pure or read files only; they are safe to call from any thread.
public enum SourceDevelopmentValues {
    /// The values in one file's text, in source order.
    /// - Parameters:
    ///   - source: the Swift source text.
    ///   - path: the path to report in each value's ``SourceDevelopmentValue/file``.
    public static func read(source: String, path: String) -> [SourceDevelopmentValue] {
        var lexer = SwiftLexer(source)
        return DevelopmentValueScanner(tokens: lexer.tokenize(), path: path).values()
    }

    /// The values in every Swift file below `folders` (walked as ``SourceLinter/swiftFiles(at:)`` walks them), except
    /// the files below any of `excluded`; file by file in that order.
    ///
    /// A file that cannot be read is left out: its values are missing, which the caller reports as keys without a
    /// value. Text that is not valid UTF-8 is read with replacement characters.
    /// - Parameters:
    ///   - folders: folders (or files) to read; one that does not exist is left out.
    ///   - excluded: folders whose files are left out (another module's sources inside these folders), compared by
    ///     their standardized paths.
    public static func read(folders: [URL], excluding excluded: [URL] = []) -> [SourceDevelopmentValue] {
        let skipped = Set(excluded.map { $0.standardizedFileURL.path })
        let existing = folders.filter { SourcePathKind($0.path, followingFolderLinks: true) != .other }
        let files = (try? SourceLinter.swiftFiles(at: existing)) ?? []
        return files.filter { file in
            var folder = file.standardizedFileURL.deletingLastPathComponent()
            while folder.path != "/" {
                if skipped.contains(folder.path) { return false }
                folder.deleteLastPathComponent()
            }
            return true
        }.flatMap { file -> [SourceDevelopmentValue] in
            guard let data = try? Data(contentsOf: file) else { return [] }
            return read(source: String(decoding: data, as: UTF8.self), path: file.relativePath)
        }
    }
}
