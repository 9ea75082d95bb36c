import Foundation
import OTATestSupport
import Testing
@testable import OTALocalizationsPackager

/// Entries a folder listing shows but `lstat` cannot look at are skipped as unreadable, with their paths, as when
/// discovery called `lstat` on every entry; the type `readdir` reports never makes them silently vanish (a folder
/// entered but not listable) or turns them into tables that then fail to read.
@Suite struct UnlistableEntryTests {
    /// Creates `names` as nested folders below `root` through folder descriptors (a path over `PATH_MAX` cannot
    /// be created by name), then `files` (each with `contents`) and `folders` in the deepest one.
    private func makeDeep(_ root: URL, _ names: [String], files: [String], folders: [String]) throws {
        var descriptor = open(root.path, O_RDONLY | O_DIRECTORY)
        #expect(descriptor >= 0)
        for name in names {
            #expect(mkdirat(descriptor, name, 0o755) == 0)
            let next = openat(descriptor, name, O_RDONLY | O_DIRECTORY)
            close(descriptor)
            descriptor = next
            #expect(descriptor >= 0)
        }
        for file in files {
            let fileDescriptor = openat(descriptor, file, O_CREAT | O_WRONLY, 0o644)
            #expect(fileDescriptor >= 0)
            _ = "\"a\" = \"b\";\n".withCString { write(fileDescriptor, $0, strlen($0)) }
            close(fileDescriptor)
        }
        for folder in folders {
            #expect(mkdirat(descriptor, folder, 0o755) == 0)
        }
        close(descriptor)
    }

    @Test func entriesWhosePathIsTooLongForLstatAreSkippedAsUnreadable() throws {
        let repo = try TemporaryDirectory("longpath")
        defer {
            // `rm` removes paths longer than PATH_MAX; FileManager does not.
            _ = try? ProcessRunner.runBlocking(["rm", "-rf", repo.path])
        }
        try repo.write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        // The deepest folder's path is 4 bytes short of PATH_MAX - 1 (the longest path lstat takes); with a name
        // of 8 or 9 bytes added it is too long.
        let target = Int(PATH_MAX) - 5
        var names = ["Deep"]
        var length = repo.path.utf8.count + 5
        while length + 201 + 2 < target {
            names.append(String(repeating: "d", count: 200))
            length += 201
        }
        names.append(String(repeating: "e", count: target - length - 1))
        try makeDeep(repo.url, names, files: ["X.strings"], folders: ["fr.lproj"])
        let deepest = names.joined(separator: "/")
        #expect(repo.path.utf8.count + 1 + deepest.utf8.count == target)

        let result = try ModuleDiscovery.discover(repositoryRoot: repo.url, configuration: PackagerConfiguration())

        #expect(result.modules.map(\.name) == ["App"])
        let skipped = Dictionary(uniqueKeysWithValues: result.skipped.map { ($0.path, $0.reason) })
        #expect(skipped == [deepest + "/X.strings": "cannot be read", deepest + "/fr.lproj": "cannot be read"])
        #expect(result.skipped.allSatisfy { $0.code == .unreadable })
    }

    /// Root can look inside any folder, so the situation exists only for other users.
    @Test(.enabled(if: geteuid() != 0, "root searches every folder"))
    func entriesOfAFolderThatCanBeListedButNotSearchedAreSkippedAsUnreadable() throws {
        let repo = try TemporaryDirectory("noexec")
        defer {
            chmod(repo.path + "/App/Resources", 0o755)
            repo.remove()
        }
        try repo.write("App/Resources/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try repo.write("App/Resources/Loose.strings", "\"a\" = \"A\";\n")
        #expect(chmod(repo.path + "/App/Resources", 0o644) == 0)

        let result = try ModuleDiscovery.discover(repositoryRoot: repo.url, configuration: PackagerConfiguration())

        #expect(result.modules.isEmpty)
        let skipped = Dictionary(uniqueKeysWithValues: result.skipped.map { ($0.path, $0.reason) })
        #expect(skipped == [
            "App/Resources/Loose.strings": "cannot be read",
            "App/Resources/en.lproj": "cannot be read",
        ])
    }
}
