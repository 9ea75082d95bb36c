import Foundation
import OTALocalizationsCore
import OTATestSupport
import Testing

/// Every Swift target an app links ships a privacy manifest (`PrivacyInfo.xcprivacy`, copied into the target's
/// resource bundle) that states no tracking, no tracking domains, no collected data, and exactly the required reason
/// API categories the target's sources use, each with reasons Apple approves (docs/apple-platform.md, section R;
/// docs/integration.md, "App Store"). The C shims an app links have no manifest and must use none of those APIs.
@Suite struct PrivacyManifestTests {
    private static let root = TestPaths.packageRoot
    /// The targets of the two libraries an app links (docs/integration.md): the read side and the service.
    private static let appLibraries = ["OTALocalizations", "OTALocalizationsSync"]
    /// The `name:` of `Package.swift`, the first half of each resource bundle's name.
    private static let packageName = "OTALocalizations"
    private static let manifestName = "PrivacyInfo.xcprivacy"
    /// Platform names as `.when(platforms:)` writes them, lowercased: a dependency limited to others is not linked
    /// into an iOS app.
    private static let applePlatforms: Set<String> = ["ios", "maccatalyst", "macos", "tvos", "visionos", "watchos"]
    /// The top-level keys Apple documents for a privacy manifest, and those of one `NSPrivacyAccessedAPITypes` entry.
    private static let topLevelKeys: Set<String> = [
        "NSPrivacyTracking", "NSPrivacyTrackingDomains", "NSPrivacyCollectedDataTypes", "NSPrivacyAccessedAPITypes",
    ]
    private static let entryKeys: Set<String> = ["NSPrivacyAccessedAPIType", "NSPrivacyAccessedAPITypeReasons"]

    // MARK: Reading the repository

    private func package() throws -> PackageManifestText {
        try PackageManifestText(text: String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8))
    }

    /// Every target the app libraries reach through `Package.swift`'s dependencies, sorted; a dependency limited to
    /// platforms that are not Apple's (`COTALibCrypto` on Linux, Android and Windows) is not followed.
    private func appLinkedTargets(_ package: PackageManifestText) -> [String] {
        let graph = Dictionary(package.dependencies.map { ($0.target, $0.dependencies) }, uniquingKeysWith: { first, _ in first })
        var reached = Set(Self.appLibraries)
        var queue = Self.appLibraries
        while let target = queue.popLast() {
            for dependency in graph[target] ?? [] where !reached.contains(dependency.name) {
                let linkedOnApple = dependency.platforms.isEmpty
                    || dependency.platforms.contains { Self.applePlatforms.contains($0.lowercased()) }
                guard linkedOnApple else { continue }
                reached.insert(dependency.name)
                queue.append(dependency.name)
            }
        }
        return reached.sorted()
    }

    /// A target's folder: its `path:`, else `Sources/<name>`.
    private func folder(of target: String, in package: PackageManifestText) -> URL {
        Self.root.appendingPathComponent(package.paths[target] ?? "Sources/\(target)", isDirectory: true)
    }

    private func hasSwiftSources(_ folder: URL) -> Bool {
        (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []).contains { $0.hasSuffix(".swift") }
    }

    /// The app-linked targets that hold Swift code, each with its manifest file.
    private func manifests() throws -> [(target: String, file: URL)] {
        let package = try package()
        return appLinkedTargets(package).map { (target: $0, folder: folder(of: $0, in: package)) }
            .filter { hasSwiftSources($0.folder) }
            .map { (target: $0.target, file: $0.folder.appendingPathComponent(Self.manifestName)) }
    }

    /// What Python's `plistlib` reads from each file, in order, as the project's value type: plistlib's result is
    /// printed as JSON with each value tagged by its type, so a `false` cannot pass for a `0`.
    private func plistlibValues(_ files: [URL]) throws -> [PropertyListValue] {
        let script = """
            import json, plistlib, sys
            def tagged(v):
                if isinstance(v, bool): return {"bool": v}
                if isinstance(v, int): return {"integer": v}
                if isinstance(v, float): return {"real": v}
                if isinstance(v, str): return {"string": v}
                if isinstance(v, list): return {"array": [tagged(x) for x in v]}
                if isinstance(v, dict): return {"dictionary": {k: tagged(x) for k, x in v.items()}}
                raise TypeError(type(v).__name__)
            values = []
            for path in sys.argv[1:]:
                with open(path, "rb") as f:
                    values.append(tagged(plistlib.load(f)))
            print(json.dumps(values))
            """
        let output = try ExternalTool.pythonBlocking(script, files.map(\.path))
        let list = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [Any])
        return try list.map { try #require(Self.value(fromTagged: $0), "plistlib printed \($0)") }
    }

    private static func value(fromTagged object: Any) -> PropertyListValue? {
        guard let tagged = object as? [String: Any], tagged.count == 1, let (tag, payload) = tagged.first else { return nil }
        switch tag {
        case "bool": return (payload as? NSNumber).map { .bool($0.boolValue) }
        case "integer": return (payload as? NSNumber).map { .integer($0.int64Value) }
        case "real": return (payload as? NSNumber).map { .real($0.doubleValue) }
        case "string": return (payload as? String).map(PropertyListValue.string)
        case "array":
            let items = (payload as? [Any] ?? []).map(value(fromTagged:))
            return items.contains { $0 == nil } ? nil : .array(items.compactMap { $0 })
        case "dictionary":
            guard let entries = payload as? [String: Any] else { return nil }
            let values = entries.mapValues(value(fromTagged:))
            return values.values.contains { $0 == nil } ? nil : .dictionary(values.compactMapValues { $0 })
        default: return nil
        }
    }

    /// Category → its reasons, as a manifest's `NSPrivacyAccessedAPITypes` lists them (nil for a malformed entry).
    private static func declarations(_ manifest: PropertyListValue) -> [String: [String]]? {
        guard case .array(let entries)? = manifest.dictionaryValue?["NSPrivacyAccessedAPITypes"] else { return nil }
        var result: [String: [String]] = [:]
        for entry in entries {
            guard let fields = entry.dictionaryValue, let category = fields["NSPrivacyAccessedAPIType"]?.stringValue,
                  case .array(let reasons)? = fields["NSPrivacyAccessedAPITypeReasons"], result[category] == nil
            else { return nil }
            result[category] = reasons.map { $0.stringValue ?? "<\($0)>" }
        }
        return result
    }

    /// Target → category → reasons, for every app-linked Swift target, read by plistlib.
    private func declaredByTarget() throws -> [String: [String: [String]]] {
        let manifests = try manifests()
        let values = try plistlibValues(manifests.map(\.file))
        var result: [String: [String: [String]]] = [:]
        for (manifest, value) in zip(manifests, values) {
            let declarations = try #require(Self.declarations(value), "\(manifest.target): malformed NSPrivacyAccessedAPITypes")
            result[manifest.target] = declarations
        }
        return result
    }

    // MARK: Which targets, which files

    @Test func appsLinkTheReadSideTheServiceTheirThreeFormatTargetsAndTwoCShims() throws {
        // Given: Package.swift's graph, followed from the two libraries an app links.
        let linked = appLinkedTargets(try package())

        // Then: the targets docs/design.md draws under the app and the formats, without the Linux-only libcrypto shim.
        #expect(linked == [
            "COTAAtomics", "COTAZlib", "OTALocalizations", "OTALocalizationsCore", "OTALocalizationsDigest", "OTALocalizationsNames",
            "OTALocalizationsSync",
        ])
    }

    @Test func exactlyTheSwiftTargetsAnAppLinksCopyAManifestIntoTheirResourceBundles() throws {
        let package = try package()
        let expected = try manifests().map(\.target)
        #expect(expected == ["OTALocalizations", "OTALocalizationsCore", "OTALocalizationsDigest", "OTALocalizationsNames", "OTALocalizationsSync"])

        // Every target folder holding a manifest is one of them (a CI target's manifest would mean nothing to an app) ...
        let sources = Self.root.appendingPathComponent("Sources")
        let holders = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { name in
            FileManager.default.fileExists(atPath: sources.appendingPathComponent("\(name)/\(Self.manifestName)").path)
        }
        #expect(holders.sorted() == expected)
        // ... and each declares it as a resource copied unchanged to the top of its bundle (SE-0271, `.copy`).
        for target in expected {
            #expect(package.resources[target] == [PackageManifestText.Resource(rule: "copy", path: Self.manifestName)], "\(target)")
        }
    }

    @Test func buildingPutsEachManifestUnchangedInItsTargetsResourceBundle() throws {
        // Given: the folder `swift build` wrote its products to; SwiftPM names a target's resource bundle
        // <package>_<target>, `.resources` off Apple platforms and `.bundle` on them, and copies each resource to the
        // bundle's top (its LLBuildManifestBuilder's createResourcesBundle).
        let products = TestPaths.buildProducts
        for (target, file) in try manifests() {
            let name = "\(Self.packageName)_\(target)"
            let candidates = ["\(name).resources", "\(name).bundle"]
                .map { products.appendingPathComponent("\($0)/\(Self.manifestName)") }
                .filter { FileManager.default.fileExists(atPath: $0.path) }

            // Then: exactly one copy, byte for byte the repository's file.
            #expect(candidates.count == 1, "\(target): \(candidates.map(\.path)) under \(products.path)")
            if let built = candidates.first {
                #expect(try Data(contentsOf: built) == Data(contentsOf: file), "\(built.path)")
            }
        }
    }

    // MARK: Valid property lists with Apple's keys only

    @Test func eachManifestReadsTheSameWithOurReaderAndWithPythonsPlistlib() throws {
        let manifests = try manifests()
        let theirs = try plistlibValues(manifests.map(\.file))
        #expect(theirs.count == manifests.count)
        for (manifest, expected) in zip(manifests, theirs) {
            let read = try PropertyListReader.read(try Data(contentsOf: manifest.file), path: manifest.file.path)
            #expect(read.format == .xmlPropertyList, "\(manifest.target)")
            #expect(read.value == expected, "\(manifest.target)")
        }
    }

    @Test func eachManifestDeclaresNoTrackingNoTrackingDomainsNoCollectedDataAndOnlyApplesKeys() throws {
        let manifests = try manifests()
        for (manifest, value) in zip(manifests, try plistlibValues(manifests.map(\.file))) {
            let top = try #require(value.dictionaryValue, "\(manifest.target): not a dictionary")
            #expect(Set(top.keys) == Self.topLevelKeys, "\(manifest.target)")
            #expect(top["NSPrivacyTracking"] == .bool(false), "\(manifest.target)")
            #expect(top["NSPrivacyTrackingDomains"] == .array([]), "\(manifest.target)")
            #expect(top["NSPrivacyCollectedDataTypes"] == .array([]), "\(manifest.target)")
            guard case .array(let entries)? = top["NSPrivacyAccessedAPITypes"] else {
                Issue.record("\(manifest.target): NSPrivacyAccessedAPITypes is not an array")
                continue
            }
            for entry in entries {
                #expect(entry.dictionaryValue.map { Set($0.keys) } == Self.entryKeys, "\(manifest.target): \(entry)")
            }
        }
    }

    @Test func everyDeclaredReasonIsOneAppleApprovesForItsCategory() throws {
        let list = try RequiredReasonAPIList.fromDocumentation()
        for (target, declared) in try declaredByTarget() {
            for (category, reasons) in declared {
                let approved = try #require(list.categories.first { $0.name == category }?.approvedReasons,
                                            "\(target): \(category) is not a category of docs/apple-platform.md R")
                #expect(!reasons.isEmpty, "\(target): \(category) without a reason")
                #expect(Set(reasons).isSubset(of: approved), "\(target): \(category) \(reasons), Apple approves \(approved.sorted())")
            }
        }
    }

    // MARK: The manifests say what the sources do

    @Test func eachAppLinkedTargetDeclaresExactlyTheCategoriesItsSourcesUse() throws {
        // Given: Apple's list as docs/apple-platform.md pins it, every app-linked target's identifiers, and what
        // plistlib reads from each manifest (a target without one declares nothing).
        let list = try RequiredReasonAPIList.fromDocumentation()
        let package = try package()
        let declared = try declaredByTarget()
        var problems: [String] = []
        for target in appLinkedTargets(package) {
            let folder = folder(of: target, in: package)
            var used: [String: [SourceIdentifiers.Use]] = [:]
            for use in try SourceIdentifiers.uses(under: folder) {
                for category in list.categories(using: use.name) { used[category.name, default: []].append(use) }
            }
            let declaredCategories = Set((declared[target] ?? [:]).keys)

            // Then: a category used must be declared, and one declared must still be used.
            for (category, uses) in used.sorted(by: { $0.key < $1.key }) where !declaredCategories.contains(category) {
                let sites = uses.prefix(5).map { "  \(target)/\($0)" }.joined(separator: "\n")
                let manifest = declared[target] == nil
                    ? "it has no privacy manifest (a target with resources can ship one)" : "its manifest does not declare it"
                problems.append("\(target) uses \(category), but \(manifest):\n\(sites)")
            }
            for category in declaredCategories.subtracting(used.keys).sorted() {
                problems.append("\(target)'s manifest declares \(category), which none of its sources uses any more")
            }
        }
        #expect(problems.isEmpty, """
            \(problems.joined(separator: "\n"))
            Update the target's PrivacyInfo.xcprivacy (reasons: docs/apple-platform.md, section R) in the same change.
            """)
    }

    @Test func theFileTimestampCategoryIsDeclaredWithC617_1ByTheReadSideAndTheService() throws {
        // The two targets that stat files under the storage root, inside the app's container (docs/apple-platform.md R1).
        let declared = try declaredByTarget()
        #expect(declared["OTALocalizations"] == ["NSPrivacyAccessedAPICategoryFileTimestamp": ["C617.1"]])
        #expect(declared["OTALocalizationsSync"] == ["NSPrivacyAccessedAPICategoryFileTimestamp": ["C617.1"]])
        #expect(declared["OTALocalizationsCore"] == [:])
        #expect(declared["OTALocalizationsNames"] == [:])
    }

    @Test func theDocumentedDeclarationsAreExactlyTheManifests() throws {
        // docs/apple-platform.md's last column of section R names what the manifests declare.
        let list = try RequiredReasonAPIList.fromDocumentation()
        let declared = try declaredByTarget()
        for category in list.categories {
            let declaring = declared.filter { $0.value[category.name] != nil }
            #expect(category.declaringTargets == Set(declaring.keys), "\(category.id)")
            #expect(category.declaredReasons == Set(declaring.values.flatMap { $0[category.name] ?? [] }), "\(category.id)")
        }
    }

    // MARK: The scanner and the list it reads

    @Test func theDocumentedListHasApplesFiveCategoriesWithTheirAPIsAndReasons() throws {
        let list = try RequiredReasonAPIList.fromDocumentation()
        // Expected: Apple's `NSPrivacyAccessedAPIType` page, read on 2026-12-02 (docs/apple-platform.md R1–R5).
        #expect(list.categories.map(\.name) == [
            "NSPrivacyAccessedAPICategoryFileTimestamp", "NSPrivacyAccessedAPICategorySystemBootTime",
            "NSPrivacyAccessedAPICategoryDiskSpace", "NSPrivacyAccessedAPICategoryActiveKeyboards",
            "NSPrivacyAccessedAPICategoryUserDefaults",
        ])
        #expect(list.categories.map(\.apis.count) == [13, 2, 13, 1, 1])
        #expect(list.categories.map(\.approvedReasons.count) == [4, 3, 4, 2, 4])
        #expect(list.categories(using: "lstat").map(\.id) == ["R1"])
        #expect(list.categories(using: "getattrlist").map(\.id) == ["R1", "R3"])
        #expect(list.categories(using: "mach_absolute_time").map(\.id) == ["R2"])
        #expect(list.categories(using: "UserDefaults").map(\.id) == ["R5"])
        #expect(list.categories.first?.approvedReasons == ["DDA9.1", "C617.1", "3B52.1", "0A2A.1"])
    }

    @Test func theScannerSeesNamesInCodeAndInterpolationsButNotInCommentsStringsOrLongerNames() throws {
        // Given: a source file with API names in every place a name can hide.
        let source = #"""
            // stat in a line comment
            /* lstat in a block /* nested fstat */ comment */
            let text = "statfs in a string literal"
            let raw = #"UserDefaults in a raw string"#
            let block = """
                systemUptime in a multi-line string
                """
            var status = stat()
            let seen = "\(activeInputModes.count) keyboards"
            let longer = lstatus + fstatfsCount + creationDateKeyName
            let member = attributes[.modificationDate]
            """#

        // When: its identifiers are read and matched with Apple's list.
        let list = try RequiredReasonAPIList.fromDocumentation()
        let found = SourceIdentifiers.uses(in: source, file: "Sample.swift").filter { !list.categories(using: $0.name).isEmpty }

        // Then: the call of `stat` (line 8), the name in the interpolation (line 9) and the member (line 11), nothing else.
        #expect(found.map(\.description) == [
            "Sample.swift:8: stat", "Sample.swift:9: activeInputModes", "Sample.swift:11: modificationDate",
        ])
    }
}
