import Foundation
import OTALocalizationsSourceLint

/// The per-module boilerplate a module generator stamps into every new feature module, as
/// `ota-localizations scaffold-module` writes it (docs/source-linting.md, "The per-module boilerplate").
///
/// Three files for the module's source folder (`Sources/<Module>/`):
/// - `Bundle+LocalizationBundle.swift`: the one-line, computed `localizationBundle` with the embedded bundle as the
///   fallback: `.module` for a SwiftPM target, `.main` for an Xcode app or app extension target (``Fallback``);
/// - `<Identifier>Strings.swift`: a small enum whose lookups always pass `bundle: .localizationBundle`, with an
///   optional `value:` for apps that keep the development text in code;
/// - `.swiftlint.yml`: SwiftLint `custom_rules` that flag lookups without a bundle or in `.module`/`.main`. SwiftLint
///   applies a nested configuration to the files of its folder and below, so the rules cover this module only.
///
/// The name is the module's name as `ota-localizations modules` lists it (by default the SwiftPM target's name, or
/// the folder of an Xcode target, spaces included: `Widget Extension`): it is written into `bundle(for:)` as a string
/// literal, so it must match the manifest. Type and file names use ``identifier`` (`WidgetExtension`). Building a
/// template reads and writes nothing; ``write(into:)`` writes. Safe to use from any thread.
public struct ModuleTemplate: Sendable, Equatable {
    /// The bundle `localizationBundle` falls back to when no over-the-air bundle is installed.
    public enum Fallback: String, Sendable, Equatable, CaseIterable {
        /// `?? .module`: the resource bundle SwiftPM builds for a package target.
        case module
        /// `?? .main`: the bundle of the running target itself, for an Xcode app target or app extension target (in
        /// an extension, `Bundle.main` is the extension's own bundle), which have no `Bundle.module`.
        case main
    }

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
    /// The Swift identifier made from the name, which names the helper `<identifier>Strings` and its file: the name
    /// itself when it is one (`Checkout`), else its ASCII letters, digits and `_` with each later word capitalized
    /// (`Widget Extension` gives `WidgetExtension`), with `Module` in front when it would start with a digit, and its
    /// first letter a capital (`ownCloud` gives `OwnCloud`), as a type name's is.
    public let identifier: String
    /// The embedded bundle `localizationBundle` falls back to.
    public let fallback: Fallback

    /// Creates the template of `moduleName`.
    ///
    /// - Parameters:
    ///   - moduleName: the module's name, as `ota-localizations modules` lists it.
    ///   - fallback: the embedded bundle to fall back to; `.module` (a SwiftPM target) by default.
    /// - Throws: ``ModuleTemplateError`` `invalid-name` when the packager would not publish the name (empty, `.`, `..`,
    ///   a `/`, `\` or control character, more than 200 UTF-8 bytes) or a device could not store it (more than 255
    ///   bytes as a folder name, where each byte other than a lowercase ASCII letter, a digit, `-` or `_` takes 3).
    public init(moduleName: String, fallback: Fallback = .module) throws(ModuleTemplateError) {
        if let problem = ModuleName.problem(with: moduleName) {
            throw ModuleTemplateError(code: .invalidName, reason: problem)
        }
        self.moduleName = moduleName
        identifier = ModuleName.identifier(for: moduleName)
        self.fallback = fallback
    }

    /// The files, in the order they are written.
    public var files: [File] {
        var bundle = filled(ModuleTemplateText.localizationBundle)
        if fallback == .main {
            bundle = bundle.replacingOccurrences(of: ModuleTemplateText.moduleFallback, with: "?? .main")
        }
        return [
            File(name: "Bundle+LocalizationBundle.swift", contents: bundle),
            File(name: "\(identifier)Strings.swift", contents: filled(ModuleTemplateText.stringsHelper)),
            File(name: ".swiftlint.yml", contents: ModuleTemplateText.swiftLintConfiguration),
        ]
    }

    /// Writes ``files`` into `folder`, creating it (and its parents) when missing; never replaces a file.
    ///
    /// Every target name is checked first, then every `.swift` file below `folder` (as `lint-sources` walks it:
    /// hidden folders and `.build` skipped) for a declaration of the boilerplate (``BoilerplateDeclaration``), so when
    /// one exists nothing is written. Each file is then created with exclusive creation, so one that appears in the
    /// meantime is not replaced either.
    ///
    /// - Returns: the URLs written, in ``files`` order.
    /// - Throws: ``ModuleTemplateError`` `file-exists` (every existing file in ``ModuleTemplateError/paths``, as
    ///   `relativePath`s), `already-declared` (each declaration in ``ModuleTemplateError/paths`` as
    ///   `relativePath:line:column`) or `io` (the folder cannot be created, is a file (``ModuleTemplateError/folderIsAFile``), or a
    ///   file cannot be written).
    @discardableResult
    public func write(into folder: URL) throws(ModuleTemplateError) -> [URL] {
        let targets = files.map { (file: $0, url: folder.appendingPathComponent($0.name, isDirectory: false)) }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw ModuleTemplateError(
                code: .io, reason: "\(folder.relativePath) is a file; write into a folder", paths: [folder.relativePath],
                folderIsAFile: true)
        }
        let existing = targets.map(\.url).filter { FileManager.default.fileExists(atPath: $0.path) || isLink($0.path) }
            .map(\.relativePath)
        guard existing.isEmpty else {
            throw ModuleTemplateError(
                code: .fileExists,
                reason: "not overwriting \(existing.joined(separator: ", ")); nothing was written. "
                    + "Move or delete \(existing.count == 1 ? "it" : "them"), or write into another folder",
                paths: existing)
        }
        let declared = existingDeclarations(in: folder)
        guard declared.isEmpty else {
            let found = declared.map { "\($0.location) already declares \($0.name)" }.joined(separator: ", ")
            throw ModuleTemplateError(
                code: .alreadyDeclared,
                reason: "\(found); nothing was written. The module already has this boilerplate: use it "
                    + "(bundle: .localizationBundle), or remove it first",
                paths: declared.map(\.location))
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

    /// Each declaration of `localizationBundle` (in an `extension Bundle`) or of `<identifier>Strings` in the Swift
    /// files below `folder`, with its `relativePath:line:column`, in walk order; none when `folder` does not exist.
    private func existingDeclarations(in folder: URL) -> [(location: String, name: String)] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue,
              let files = try? SourceLinter.swiftFiles(at: [folder]) else { return [] }
        var result: [(location: String, name: String)] = []
        for file in files {
            guard let data = FileManager.default.contents(atPath: file.path) else { continue }
            let source = String(decoding: data, as: UTF8.self)
            for declaration in BoilerplateDeclaration.declarations(in: source, stringsTypeName: "\(identifier)Strings") {
                let name: String
                switch declaration.kind {
                case .localizationBundle: name = "localizationBundle in an extension Bundle"
                case .stringsType(let type): name = type
                }
                result.append(("\(file.relativePath):\(declaration.line):\(declaration.column)", name))
            }
        }
        return result
    }

    /// `text` with the identifier and the name in place; the name is escaped as a string literal's content where
    /// it is one (`bundle(for: "<Module>")`), and written as it is in comments.
    private func filled(_ text: String) -> String {
        text.replacingOccurrences(of: ModuleTemplateText.identifierPlaceholder, with: identifier)
            .replacingOccurrences(of: "\"\(ModuleTemplateText.placeholder)\"", with: "\"\(ModuleName.literal(moduleName))\"")
            .replacingOccurrences(of: ModuleTemplateText.placeholder, with: moduleName)
    }

    /// Whether `path` is a symbolic link (a dangling one is not seen by `fileExists`, and must not be written through).
    private func isLink(_ path: String) -> Bool {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil
    }
}
