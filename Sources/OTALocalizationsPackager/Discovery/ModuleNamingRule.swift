import OTALocalizationsValidation

/// The default rule that names a module from the folder holding its `.lproj` folders.
///
/// 1. SwiftPM layout: when the resource folder lies in the folder of a target its nearest enclosing `Package.swift`
///    declares (``PackageTarget``: the target's `path:`, or `Sources/<Target>`), the module is that target, matching
///    the bundle SwiftPM builds for it; a target declared with `path: "Sources"` takes everything below `Sources`.
///    Failing that, when the resource folder lies under `Sources/<Target>/` of a folder that holds a `Package.swift`,
///    the module is `<Target>` (the deepest such `Sources` wins): a manifest that computes its targets is not read.
///    A `Sources` folder with no `Package.swift` beside it is an ordinary folder (Xcode projects use the name too).
/// 2. Any other layout (Xcode app and extension targets): the nearest enclosing folder whose name is not a
///    generic resource-folder name (``genericFolderNames``, compared case-insensitively) names the module, so
///    `MyApp/Resources/en.lproj` and `MyApp/Supporting Files/de.lproj` both belong to module `MyApp`.
/// 3. When every folder up to the repository root is generic: the configuration's `repositoryModule` when given;
///    else the Xcode project's name when the nearest of those folders that holds a `*.xcodeproj` holds exactly one
///    (`CubeTime.xcodeproj` beside `Localizable.xcstrings` names module `CubeTime`: the name the team sees, and the
///    name of the app target Xcode creates with the project); else the repository folder's own name. That last name
///    depends on where the repository is checked out (CI checks out into `workspace`, `src`, …), so validation
///    reports such a module until it is named (``checkoutFolderAdvice(module:folders:)``).
///
/// All resource folders that resolve to the same owner folder form one module.
public enum ModuleNamingRule {
    /// Folder names that describe content rather than a target.
    public static let genericFolderNames: Set<String> = [
        "resources", "resource", "supporting files", "supportingfiles", "localization", "localizations",
        "localisation", "localisations", "localizable", "strings", "translations", "i18n", "l10n",
        "languages", "input",
    ]

    /// ``Owner/rule`` of rule 3: the module is named after the repository folder.
    public static let repositoryFolderRule = "repository folder"
    /// ``Owner/rule`` of rule 3 when an Xcode project names the module.
    public static let xcodeProjectRule = "Xcode project"
    /// ``Owner/rule`` of rule 2 when an Xcode target's resources hold the folder.
    public static let xcodeTargetRule = "Xcode target"

    /// Why a module named after the repository folder must be named in the configuration, and the exact line to add.
    /// - Parameters:
    ///   - module: the name rule 3 gave (the repository folder's name in this checkout).
    ///   - folders: the module's resource folders, relative to the repository root (empty for the root itself).
    public static func checkoutFolderAdvice(module: String, folders: [String]) -> String {
        ModuleValidator.checkoutFolderAdvice(module: module, folders: folders, configurationFileName: PackagerConfiguration.fileName)
    }

    /// A target of a `Package.swift` and the folder its files are in.
    public struct PackageTarget: Sendable, Equatable {
        public var name: String
        /// The target's folder relative to the package root (empty for the root itself).
        public var folder: [String]
        /// The `path:` argument as written, or nil when the folder is SwiftPM's default one.
        public var declaredPath: String?
        /// The folders its `exclude:` names, relative to ``folder``.
        public var excluded: [[String]]

        public init(name: String, folder: [String], declaredPath: String?, excluded: [[String]] = []) {
            self.name = name
            self.folder = folder
            self.declaredPath = declaredPath
            self.excluded = excluded
        }
    }

    /// What the rule decided for one resource folder.
    public struct Owner: Sendable, Equatable {
        /// The owner folder's components relative to the repository root; resource folders with one owner form
        /// one module.
        public var owner: [String]
        /// The module name.
        public var name: String
        /// `"SPM target"`, `"folder"`, `"configuration"`, `"Xcode project"` or `"repository folder"`.
        public var rule: String
        /// One sentence saying why, for `ota-localizations modules` (the `Package.swift`, the folder, …).
        public var detail: String
        /// What groups resource folders into one module when it is not ``owner``: an Xcode target's resources may lie
        /// in several folders (`xcode:<project path>:<target>`).
        public var groupKey: String? = nil
    }

    /// An Xcode project's target whose resources hold a resource folder.
    public struct XcodeTarget: Sendable, Equatable {
        public var name: String
        /// The `.xcodeproj` folder, relative to the repository root.
        public var project: String

        public init(name: String, project: String) {
            self.name = name
            self.project = project
        }
    }

    /// The owner folder and module name for a resource folder.
    ///
    /// - Parameters:
    ///   - components: The resource folder's path components relative to the repository root.
    ///   - repositoryName: The repository folder's own name, used by rule 3.
    ///   - repositoryModule: The configuration's `repositoryModule`, used by rule 3 instead when given.
    ///   - isPackageRoot: Whether the folder at these components (relative to the repository root) holds a
    ///     `Package.swift`.
    ///   - xcodeProjects: The names (without `.xcodeproj`) of the Xcode projects in the folder at these components
    ///     (relative to the repository root), used by rule 3; none by default.
    ///   - packageTargets: The targets the `Package.swift` in the folder at these components declares, as far as
    ///     they can be read; none by default.
    ///   - xcodeTarget: The Xcode target whose resources hold the resource folder at these components (rule 2 then
    ///     names the module after it); none by default.
    public static func owner(
        ofResourceFolder components: [String], repositoryName: String, repositoryModule: String? = nil,
        isPackageRoot: ([String]) -> Bool, xcodeProjects: ([String]) -> [String] = { _ in [] },
        packageTargets: ([String]) -> [PackageTarget] = { _ in [] }, xcodeTarget: ([String]) -> XcodeTarget? = { _ in nil }
    ) -> Owner {
        var undeclared: String?
        switch declaredTarget(of: components, isPackageRoot: isPackageRoot, packageTargets: packageTargets) {
        case .target(let owner): return owner
        case .noTarget(let manifest): undeclared = manifest
        case .unread: break
        }
        var unpackaged: String?
        for index in components.indices.reversed() where undeclared == nil && components[index] == "Sources"
            && index + 1 < components.count {
            let packageRoot = Array(components[..<index])
            if isPackageRoot(packageRoot) {
                let manifest = (packageRoot + ["Package.swift"]).joined(separator: "/")
                return Owner(owner: Array(components[...(index + 1)]), name: components[index + 1], rule: "SPM target",
                             detail: "target \(components[index + 1]) of \(manifest)")
            }
            unpackaged = unpackaged ?? packageRoot.joined(separator: "/")
        }
        if undeclared == nil, let target = xcodeTarget(components) {
            var owner = owner(ofResourceFolder: components, repositoryName: repositoryName, repositoryModule: repositoryModule,
                              isPackageRoot: isPackageRoot, xcodeProjects: xcodeProjects, packageTargets: packageTargets)
            owner.name = target.name
            owner.rule = xcodeTargetRule
            owner.detail = "the resources of target \(target.name) of \(target.project) include \(components.isEmpty ? "the repository root" : components.joined(separator: "/"))"
            owner.groupKey = "xcode:\(target.project):\(target.name)"
            return owner
        }
        let note = undeclared.map { manifest in
            "; no target \(manifest) declares holds it (a target's path: or Sources/<target>), so it is in no SPM target's bundle"
        } ?? unpackaged.map { root in
            let manifest = root.isEmpty ? "Package.swift" : root + "/Package.swift"
            return "; there is no \(manifest), so \(root.isEmpty ? "" : root + "/")Sources holds no SPM target"
        } ?? ""
        var end = components.count
        while end > 0, genericFolderNames.contains(components[end - 1].lowercased()) {
            end -= 1
        }
        if end == 0 {
            if let repositoryModule {
                return Owner(owner: [], name: repositoryModule, rule: "configuration",
                             detail: "every folder above the .lproj folders has a generic name, and \"repositoryModule\" in \(PackagerConfiguration.fileName) names it\(note)")
            }
            for depth in stride(from: components.count, through: 0, by: -1) {
                let projects = xcodeProjects(Array(components[..<depth]))
                guard !projects.isEmpty else { continue }
                guard projects.count == 1, let project = projects.first else { break }
                let folder = components[..<depth].joined(separator: "/")
                let place = folder.isEmpty ? "the repository root" : folder
                return Owner(owner: [], name: project, rule: xcodeProjectRule,
                             detail: "every folder above the .lproj folders has a generic name, and \(project).xcodeproj is the only Xcode project in \(place), so it names the module\(note)")
            }
            return Owner(owner: [], name: repositoryName, rule: repositoryFolderRule,
                         detail: "every folder above the .lproj folders has a generic name, so the repository folder names it, which depends on the checkout; name it with \"repositoryModule\" in \(PackagerConfiguration.fileName)\(note)")
        }
        let owner = Array(components[..<end])
        return Owner(owner: owner, name: components[end - 1], rule: "folder",
                     detail: "\(owner.joined(separator: "/")) is the nearest folder above the .lproj folders whose name is not generic\(note)")
    }

    /// What the nearest enclosing package's manifest says of a resource folder.
    private enum Declared {
        /// A target's folder holds it.
        case target(Owner)
        /// The manifest's targets were read and none holds it (the manifest's path).
        case noTarget(String)
        /// No enclosing package, or none of its targets could be read.
        case unread
    }

    /// Rule 1 by the manifest: the target of the nearest enclosing package whose folder holds `components`, not
    /// through a folder it excludes; the deepest target folder wins when they nest.
    private static func declaredTarget(
        of components: [String], isPackageRoot: ([String]) -> Bool, packageTargets: ([String]) -> [PackageTarget]
    ) -> Declared {
        for depth in stride(from: components.count - 1, through: 0, by: -1) {
            let root = Array(components[..<depth])
            guard isPackageRoot(root) else { continue }
            let below = Array(components[depth...])
            let targets = packageTargets(root)
            let manifest = (root + ["Package.swift"]).joined(separator: "/")
            guard !targets.isEmpty else { return .unread }
            let containing = targets.filter { target in
                below.starts(with: target.folder)
                    && !target.excluded.contains { below.starts(with: target.folder + $0) }
            }
            guard let target = containing.max(by: { $0.folder.count < $1.folder.count }) else { return .noTarget(manifest) }
            let path = target.declaredPath.map { " (path: \"\($0)\")" } ?? ""
            return .target(Owner(owner: root + target.folder, name: target.name, rule: "SPM target",
                                 detail: "target \(target.name)\(path) of \(manifest)"))
        }
        return .unread
    }
}
