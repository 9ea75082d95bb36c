import Foundation

/// The per-module boilerplate a module generator stamps into every new feature module, as
/// `ota-localizations scaffold-module` writes it (docs/source-linting.md, "The per-module boilerplate").
///
/// Three files for the module's source folder (`Sources/<Module>/`):
/// - `Bundle+LocalizationBundle.swift`: the one-line, computed `localizationBundle` with `.module` as the fallback;
/// - `<Module>Strings.swift`: a small enum whose lookups always pass `bundle: .localizationBundle`;
/// - `.swiftlint.yml`: SwiftLint `custom_rules` that flag lookups without a bundle or in `.module`/`.main`. SwiftLint
///   applies a nested configuration to the files of its folder and below, so the rules cover this module only.
///
/// The name is the module's name as `ota-localizations modules` lists it (by default the SwiftPM target's name): it
/// is written into `bundle(for:)`, so it must match the manifest. Building a template reads and writes nothing;
/// ``write(into:)`` writes. Safe to use from any thread.
public struct ModuleTemplate: Sendable, Equatable {
    /// One file of the template: its name inside the output folder and its UTF-8 text.
    public struct File: Sendable, Equatable {
        public var name: String
        public var contents: String

        public init(name: String, contents: String) {
            self.name = name
            self.contents = contents
        }
    }

    /// The module name written into the files.
    public let moduleName: String

    /// Creates the template of `moduleName`.
    ///
    /// - Throws: ``ModuleTemplateError`` `invalid-name` unless the name is 1 to 64 ASCII letters, digits and `_`,
    ///   does not start with a digit, and is neither `_`, a Swift keyword, nor `Foundation`, `OTALocalizations` or
    ///   `Swift` (the modules the files import): a Swift identifier that is also a plain file name.
    public init(moduleName: String) throws(ModuleTemplateError) {
        if let problem = ModuleName.problem(with: moduleName) {
            throw ModuleTemplateError(code: .invalidName, reason: problem)
        }
        self.moduleName = moduleName
    }

    /// The files, in the order they are written.
    public var files: [File] {
        [
            File(name: "Bundle+LocalizationBundle.swift", contents: filled(ModuleTemplateText.localizationBundle)),
            File(name: "\(moduleName)Strings.swift", contents: filled(ModuleTemplateText.stringsHelper)),
            File(name: ".swiftlint.yml", contents: ModuleTemplateText.swiftLintConfiguration),
        ]
    }

    /// Writes ``files`` into `folder`, creating it (and its parents) when missing; never replaces a file.
    ///
    /// Every target name is checked first, so when one exists nothing is written. Each file is then created with
    /// exclusive creation, so one that appears in the meantime is not replaced either.
    ///
    /// - Returns: the URLs written, in ``files`` order.
    /// - Throws: ``ModuleTemplateError`` `file-exists` (every existing file in ``ModuleTemplateError/paths``, as
    ///   `relativePath`s) or
    ///   `io` (the folder cannot be created, is a file, or a file cannot be written).
    @discardableResult
    public func write(into folder: URL) throws(ModuleTemplateError) -> [URL] {
        let targets = files.map { (file: $0, url: folder.appendingPathComponent($0.name, isDirectory: false)) }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw ModuleTemplateError(
                code: .io, reason: "\(folder.relativePath) is a file; pass a folder with --output", paths: [folder.relativePath])
        }
        let existing = targets.map(\.url).filter { FileManager.default.fileExists(atPath: $0.path) || isLink($0.path) }
            .map(\.relativePath)
        guard existing.isEmpty else {
            throw ModuleTemplateError(
                code: .fileExists,
                reason: "not overwriting \(existing.joined(separator: ", ")); nothing was written. "
                    + "Move or delete \(existing.count == 1 ? "it" : "them"), or pass another --output folder",
                paths: existing)
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw ModuleTemplateError(
                code: .io, reason: "cannot create \(folder.relativePath): \(error.localizedDescription)",
                paths: [folder.relativePath])
        }
        for target in targets {
            do {
                try Data(target.file.contents.utf8).write(to: target.url, options: .withoutOverwriting)
            } catch {
                throw ModuleTemplateError(
                    code: .io, reason: "cannot write \(target.url.relativePath): \(error.localizedDescription)",
                    paths: [target.url.relativePath])
            }
        }
        return targets.map(\.url)
    }

    private func filled(_ text: String) -> String {
        text.replacingOccurrences(of: ModuleTemplateText.placeholder, with: moduleName)
    }

    /// Whether `path` is a symbolic link (a dangling one is not seen by `fileExists`, and must not be written through).
    private func isLink(_ path: String) -> Bool {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil
    }
}
