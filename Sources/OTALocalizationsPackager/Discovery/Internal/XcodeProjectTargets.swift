import Foundation

/// The targets of an Xcode project (`<Name>.xcodeproj/project.pbxproj`) and the folders their resources are in, read
/// from the project file without Xcode.
///
/// A target's resources are the files of its Copy Bundle Resources phase (`PBXResourcesBuildPhase`: a String
/// Catalog's file reference, or a `.strings` variant group whose files are in `.lproj` folders) and everything inside
/// the synchronized folders it lists (`fileSystemSynchronizedGroups`, Xcode 16 and later). Paths are resolved through
/// the group tree from the project's folder: a `<group>` path is relative to its parent group's, a `SOURCE_ROOT` path
/// to the project's folder; files of other source trees (SDKs, build products, absolute paths) are left out.
struct XcodeProjectTargets {
    struct Target: Equatable {
        var name: String
        /// The folders holding its `.lproj` folders and String Catalogs, relative to the project's folder.
        var resourceFolders: Set<[String]>
        /// Its synchronized folders, relative to the project's folder.
        var synchronizedFolders: [[String]]
    }

    var targets: [Target]

    /// Project files larger than this are not read (a large app's is a few MB).
    static let maximumProjectBytes: Int64 = 32 << 20

    /// The targets of the project at `projectPath` (the `.xcodeproj` folder), or nil when its project file cannot be
    /// read or parsed.
    static func read(projectPath: String) -> XcodeProjectTargets? {
        let file = URL(fileURLWithPath: projectPath + "/project.pbxproj")
        guard let size = FileSystem.size(of: file), size <= maximumProjectBytes,
              let data = try? Data(contentsOf: file),
              let root = OpenStepPropertyList.parse(String(decoding: data, as: UTF8.self)) else { return nil }
        return XcodeProjectTargets(root)
    }

    init?(_ root: OpenStepPropertyList.Value) {
        guard let objects = root["objects"]?.dictionary, let rootID = root["rootObject"]?.string,
              let project = objects[rootID] else { return nil }
        var paths: [String: [String]] = [:]
        if let mainGroup = project["mainGroup"]?.string {
            Self.resolve(mainGroup, parent: [], objects: objects, into: &paths)
        }
        targets = (project["targets"]?.array ?? []).compactMap { id in
            guard let target = id.string.flatMap({ objects[$0] }), let name = target["name"]?.string else { return nil }
            var folders: Set<[String]> = []
            for phase in target["buildPhases"]?.array ?? [] {
                guard let phase = phase.string.flatMap({ objects[$0] }),
                      phase["isa"]?.string == "PBXResourcesBuildPhase" else { continue }
                for buildFile in phase["files"]?.array ?? [] {
                    guard let reference = buildFile.string.flatMap({ objects[$0] })?["fileRef"]?.string else { continue }
                    folders.formUnion(Self.resourceFolders(of: reference, objects: objects, paths: paths))
                }
            }
            let synchronized = (target["fileSystemSynchronizedGroups"]?.array ?? []).compactMap { $0.string.flatMap { paths[$0] } }
            return Target(name: name, resourceFolders: folders, synchronizedFolders: synchronized)
        }
    }

    /// The folder holding the `.lproj` folder or catalog of a resource's file reference or variant group's files.
    private static func resourceFolders(
        of reference: String, objects: [String: OpenStepPropertyList.Value], paths: [String: [String]]
    ) -> [[String]] {
        let files = objects[reference]?["isa"]?.string == "PBXVariantGroup"
            ? (objects[reference]?["children"]?.array ?? []).compactMap { $0.string } : [reference]
        return files.compactMap { paths[$0] }.compactMap { path in
            guard let last = path.last, last.hasSuffix(".strings") || last.hasSuffix(".stringsdict")
                || last.hasSuffix(".xcstrings") else { return nil }
            var folder = Array(path.dropLast())
            if folder.last?.hasSuffix(".lproj") == true { folder.removeLast() }
            return folder
        }
    }

    /// Records the path of `id` and, for a group, of everything below it.
    private static func resolve(
        _ id: String, parent: [String], objects: [String: OpenStepPropertyList.Value], into paths: inout [String: [String]],
        depth: Int = 0
    ) {
        guard depth < 64, paths[id] == nil, let object = objects[id] else { return }
        let components = (object["path"]?.string ?? "").split(separator: "/").map(String.init).filter { $0 != "." }
        let base: [String]
        switch object["sourceTree"]?.string ?? "<group>" {
        case "<group>": base = parent
        case "SOURCE_ROOT": base = []
        default: return
        }
        guard !components.contains("..") || base.count >= components.filter({ $0 == ".." }).count else { return }
        var path = base
        for component in components {
            if component == ".." { path.removeLast() } else { path.append(component) }
        }
        paths[id] = path
        for child in object["children"]?.array ?? [] {
            if let child = child.string { resolve(child, parent: path, objects: objects, into: &paths, depth: depth + 1) }
        }
    }

    /// The one target whose resources or synchronized folders hold `folder` (relative to the project's folder); nil
    /// when none does, or when several do through their build phases (shared resources name no single target). A
    /// synchronized folder's own target wins over targets that take single files of it.
    func target(holding folder: [String]) -> String? {
        let listing = targets.filter { $0.resourceFolders.contains(folder) }
        if listing.count == 1 { return listing[0].name }
        let synchronized = targets.filter { target in target.synchronizedFolders.contains { folder.starts(with: $0) } }
        if synchronized.count == 1 { return synchronized[0].name }
        return nil
    }
}
