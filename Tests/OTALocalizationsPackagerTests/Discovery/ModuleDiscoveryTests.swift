import Foundation
import OTATestSupport
import Testing
@testable import OTALocalizationsPackager

@Suite struct ModuleDiscoveryTests {
    private func discover(_ repo: TemporaryDirectory, _ config: PackagerConfiguration = .init()) throws -> DiscoveryResult {
        try ModuleDiscovery.discover(repositoryRoot: repo.url, configuration: config)
    }

    @Test func findsSwiftPackageTargetsAndAppTargets() throws {
        let repo = try TemporaryDirectory("disc")
        defer { repo.remove() }
        try repo.write("Packages/Kit/Package.swift", "// swift-tools-version:5.9\n")
        try repo.write("Packages/Kit/Sources/Checkout/Resources/en.lproj/Localizable.strings", "\"a\" = \"A\";")
        try repo.write("Packages/Kit/Sources/Checkout/Resources/fr.lproj/Localizable.strings", "\"a\" = \"B\";")
        try repo.write("Packages/Kit/Sources/Checkout/Resources/fr.lproj/Plurals.stringsdict", "<plist/>")
        try repo.write("Shop/Resources/Base.lproj/Localizable.strings", "")
        try repo.write("Shop/Supporting Files/de.lproj/Main.strings", "")

        let result = try discover(repo)

        #expect(result.modules.map(\.name) == ["Checkout", "Shop"])
        let checkout = result.modules[0]
        #expect(checkout.rule == "SPM target")
        #expect(checkout.folders == ["Packages/Kit/Sources/Checkout/Resources"])
        #expect(checkout.localizations == ["en", "fr"])
        #expect(checkout.tables.map(\.bundlePath) == [
            "en.lproj/Localizable.strings", "fr.lproj/Localizable.strings", "fr.lproj/Plurals.stringsdict",
        ])
        let shop = result.modules[1]
        #expect(shop.folders == ["Shop/Resources", "Shop/Supporting Files"])
        #expect(shop.localizations == ["Base", "de"])
        #expect(result.skipped.isEmpty)
    }

    /// SwiftPM builds one bundle per target from the target's folder: its `path:` when the manifest gives one.
    @Test func aTargetsPathNamesEveryFolderBelowItOneModule() throws {
        let repo = try TemporaryDirectory("disc")
        defer { repo.remove() }
        try repo.write("Kit/Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Kit", targets: [
                .target(name: "KitUI", path: "Sources", exclude: ["Drafts"], resources: [.process("Resources")]),
                .target(name: "Checkout", path: "Features/Checkout"),
            ])
            """)
        try repo.write("Kit/Sources/Resources/en.lproj/Localizable.strings", "\"a\" = \"A\";")
        try repo.write("Kit/Sources/Loc/fr.lproj/Localizable.strings", "\"a\" = \"B\";")
        try repo.write("Kit/Sources/Drafts/en.lproj/Drafts.strings", "\"d\" = \"D\";")
        try repo.write("Kit/Features/Checkout/Resources/en.lproj/Checkout.strings", "\"c\" = \"C\";")

        let result = try discover(repo)

        #expect(result.modules.map(\.name) == ["Checkout", "Drafts", "KitUI"])
        let kit = result.modules[2]
        #expect(kit.rule == "SPM target" && kit.ruleDetail == "target KitUI (path: \"Sources\") of Kit/Package.swift")
        #expect(kit.folders == ["Kit/Sources/Loc", "Kit/Sources/Resources"])
        #expect(kit.localizations == ["en", "fr"])
        #expect(result.modules[0].ruleDetail == "target Checkout (path: \"Features/Checkout\") of Kit/Package.swift")
        // An excluded folder is in no target's bundle, and nothing says it is a target.
        let drafts = result.modules[1]
        #expect(drafts.rule == "folder")
        #expect(drafts.ruleDetail.hasSuffix("no target Kit/Package.swift declares holds it (a target's path: or Sources/<target>), so it is in no SPM target's bundle"))
    }

    @Test func aManifestThatComputesItsTargetsKeepsTheFolderConvention() throws {
        let repo = try TemporaryDirectory("disc")
        defer { repo.remove() }
        try repo.write("Package.swift", "let package = Package(name: \"P\", targets: [\"A\"].map { .target(name: $0) })\n")
        try repo.write("Sources/A/Resources/en.lproj/Localizable.strings", "\"a\" = \"A\";")
        let module = try #require(try discover(repo).modules.first)
        #expect(module.name == "A" && module.rule == "SPM target" && module.ruleDetail == "target A of Package.swift")
    }

    @Test func aTableInAToolFolderGetsNoAdviceToPublishIt() throws {
        // Pocket Casts' fastlane/Frozen.strings is a tool's input, in no bundle: it is listed, not told to move.
        let repo = try TemporaryDirectory("disc")
        defer { repo.remove() }
        try repo.write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";")
        try repo.write("fastlane/Frozen.strings", "\"a\" = \"A\";")
        let result = try discover(repo)
        #expect(result.skipped.map(\.path) == ["fastlane/Frozen.strings"])
        #expect(result.skipped.first?.reason == "outside any .lproj folder: not a localized table, so it is not published")
        // Beside a module's .lproj folders the same file is an error that says what to do (table-outside-lproj).
        let run = try Validator.validate(repositoryRoot: repo.url, configurationFile: nil, options: ValidationOptions())
        #expect(run.diagnostics.isEmpty)
    }

    @Test func reportsEveryExcludedFileOnceWithItsReason() throws {
        let repo = try TemporaryDirectory("disc")
        defer { repo.remove() }
        try repo.write("App/en.lproj/Localizable.strings", "")
        try repo.write("App/en.lproj/INFOPLIST.strings", "")
        try repo.write("App/en.lproj/.DS_Store", "x")
        try repo.write("App/en.lproj/logo.png", "x")
        try repo.write("App/en.lproj/Errors.STRINGS", "\"a\" = \"b\";")
        try repo.write("App/en.lproj/Plurals.StringsDict", "")
        try repo.write("App/en.lproj/Nested/Deep.strings", "")
        try repo.write("App/Settings.bundle/en.lproj/Root.strings", "")
        try repo.write("App/Loose.strings", "")
        try repo.write("App/InfoPlist.xcstrings", "{}")
        try repo.write("App/main.swift", "")

        let result = try discover(repo)

        #expect(result.modules.map(\.name) == ["App"])
        #expect(result.modules[0].tables.map(\.relativePath) == ["App/en.lproj/Localizable.strings"])
        let skipped = Dictionary(uniqueKeysWithValues: result.skipped.map { ($0.path, SkipReason(code: $0.code, sentence: $0.reason)) })
        #expect(skipped == [
            "App/InfoPlist.xcstrings": SkipReason.infoPlistCatalog,
            "App/Loose.strings": SkipReason.outsideLproj,
            "App/Settings.bundle/en.lproj/Root.strings": SkipReason.nestedBundle("Settings.bundle"),
            "App/en.lproj/.DS_Store": SkipReason.notATable,
            "App/en.lproj/Errors.STRINGS": SkipReason.tableSuffixCase("Errors.STRINGS"),
            "App/en.lproj/Plurals.StringsDict": SkipReason.tableSuffixCase("Plurals.StringsDict"),
            "App/en.lproj/INFOPLIST.strings": SkipReason.infoPlistStrings,
            "App/en.lproj/Nested/Deep.strings": SkipReason.insideFolderInLproj,
            "App/en.lproj/logo.png": SkipReason.notATable,
        ])
        #expect(result.skipped.map(\.path) == result.skipped.map(\.path).sorted())
    }

    @Test func ignoresHiddenAndDependencyFolders() throws {
        let repo = try TemporaryDirectory("disc")
        defer { repo.remove() }
        try repo.write("App/en.lproj/Localizable.strings", "")
        try repo.write(".build/checkouts/Lib/en.lproj/Localizable.strings", "")
        try repo.write("Pods/Lib/en.lproj/Localizable.strings", "")
        try repo.write("Carthage/Checkouts/Lib/en.lproj/Localizable.strings", "")

        let result = try discover(repo)

        #expect(result.modules.map(\.name) == ["App"])
        #expect(result.skipped.isEmpty)
    }

    @Test func twoModulesWithOneNameIsAnErrorNamingBothFolders() throws {
        let repo = try TemporaryDirectory("disc")
        defer { repo.remove() }
        try repo.write("iOS/Widgets/en.lproj/Localizable.strings", "")
        try repo.write("macOS/Widgets/en.lproj/Localizable.strings", "")

        let error = #expect(throws: PackagerError.self) { try discover(repo) }

        #expect(error?.code == .nameCollision)
        #expect(error?.reason.contains("'iOS/Widgets'") == true)
        #expect(error?.reason.contains("'macOS/Widgets'") == true)
    }

    @Test func oneTableTwiceInAModuleIsAnErrorNamingBothFiles() throws {
        let repo = try TemporaryDirectory("disc")
        defer { repo.remove() }
        try repo.write("Shop/Resources/en.lproj/Localizable.strings", "")
        try repo.write("Shop/Supporting Files/en.lproj/Localizable.strings", "")

        let error = #expect(throws: PackagerError.self) { try discover(repo) }

        #expect(error?.code == .nameCollision)
        #expect(error?.reason.contains("Shop/Resources/en.lproj/Localizable.strings") == true)
        #expect(error?.reason.contains("Shop/Supporting Files/en.lproj/Localizable.strings") == true)
    }

    @Test func configurationNamesModulesAndExcludes() throws {
        let repo = try TemporaryDirectory("disc")
        defer { repo.remove() }
        try repo.write("iOS/Widgets/en.lproj/Localizable.strings", "")
        try repo.write("macOS/Widgets/en.lproj/Localizable.strings", "")
        try repo.write("Tools/input/en.lproj/Localizable.strings", "")
        let config = PackagerConfiguration(
            modules: ["MacWidgets": ["macOS/Widgets"]], excludes: ["Tools/**"]
        )

        let result = try discover(repo, config)

        #expect(result.modules.map(\.name) == ["MacWidgets", "Widgets"])
        #expect(result.modules[0].rule == "configuration")
        #expect(result.modules[0].folders == ["macOS/Widgets"])
        #expect(result.skipped == [
            SkippedFile(path: "Tools/input/en.lproj/Localizable.strings", reason: SkipReason.excluded("Tools/**")),
        ])
    }

    @Test func discoverOtherModulesFalseKeepsOnlyConfiguredModules() throws {
        let repo = try TemporaryDirectory("disc")
        defer { repo.remove() }
        try repo.write("A/en.lproj/Localizable.strings", "")
        try repo.write("B/en.lproj/Localizable.strings", "")
        let config = PackagerConfiguration(modules: ["Alpha": ["A"]], discoverOtherModules: false)

        let result = try discover(repo, config)

        #expect(result.modules.map(\.name) == ["Alpha"])
        #expect(result.skipped == [SkippedFile(path: "B/en.lproj/Localizable.strings", reason: SkipReason.notConfigured)])
    }

    @Test func missingConfiguredFolderIsAnError() throws {
        let repo = try TemporaryDirectory("disc")
        defer { repo.remove() }
        let error = #expect(throws: PackagerError.self) {
            try discover(repo, PackagerConfiguration(modules: ["X": ["Nope"]]))
        }
        #expect(error?.code == .missingFolder)
        #expect(error?.reason.contains("'Nope'") == true)
    }

    @Test func folderWithOnlyExcludedFilesIsNotAModule() throws {
        let repo = try TemporaryDirectory("disc")
        defer { repo.remove() }
        try repo.write("Extension/en.lproj/InfoPlist.strings", "")

        let result = try discover(repo)

        #expect(result.modules.isEmpty)
        #expect(result.skipped.map(\.path) == ["Extension/en.lproj/InfoPlist.strings"])
    }

    @Test func catalogsJoinTheModuleOfTheirFolder() throws {
        let repo = try TemporaryDirectory("disc")
        defer { repo.remove() }
        try repo.write("Kit/Sources/Feed/Resources/Localizable.xcstrings", "{}")
        try repo.write("Kit/Sources/Feed/Resources/en.lproj/Errors.strings", "")
        try repo.write("Share Extension/Share.xcstrings", "{}")

        let result = try discover(repo)

        #expect(result.modules.map(\.name) == ["Feed", "Share Extension"])
        #expect(result.modules[0].catalogs.map(\.relativePath) == ["Kit/Sources/Feed/Resources/Localizable.xcstrings"])
        #expect(result.modules[0].tableFileNames == ["Errors.strings", "Localizable.xcstrings"])
        #expect(result.modules[1].catalogs.map(\.tableName) == ["Share"])
        #expect(result.modules[1].tables.isEmpty)
    }

    @Test func aCatalogSupersedesLprojTablesOfItsName() throws {
        // Xcode refuses a target holding both (swift-build's XCStringsCompiler: "cannot co-exist with other .strings
        // or .stringsdict tables with the same name"), so a shipping target builds only one: the catalog is taken.
        let repo = try TemporaryDirectory("disc")
        defer { repo.remove() }
        try repo.write("App/Resources/Localizable.xcstrings", "{}")
        try repo.write("App/Resources/de.lproj/Localizable.strings", "")
        try repo.write("App/Resources/de.lproj/Localizable.stringsdict", "<plist/>")
        try repo.write("App/Resources/de.lproj/Other.strings", "")

        let result = try discover(repo)

        #expect(result.modules.map(\.name) == ["App"])
        #expect(result.modules[0].tables.map(\.bundlePath) == ["de.lproj/Other.strings"])
        #expect(result.skipped.map(\.path) == ["App/Resources/de.lproj/Localizable.strings", "App/Resources/de.lproj/Localizable.stringsdict"])
        #expect(result.skipped.allSatisfy { $0.reason.hasPrefix("App/Resources/Localizable.xcstrings defines this table; Xcode refuses a target holding both") })
    }

    @Test func twoCatalogsOfOneTableAreAnErrorNamingBoth() throws {
        let repo = try TemporaryDirectory("disc")
        defer { repo.remove() }
        try repo.write("App/Resources/Localizable.xcstrings", "{}")
        try repo.write("App/Strings/Localizable.xcstrings", "{}")

        let error = #expect(throws: PackagerError.self) { try discover(repo) }

        #expect(error?.code == .nameCollision)
        #expect(error?.reason.contains("'App/Resources/Localizable.xcstrings'") == true)
        #expect(error?.reason.contains("'App/Strings/Localizable.xcstrings'") == true)
    }

    @Test func linksOutsideTheRepositoryAndNonRegularFilesAreSkippedWithTheReason() throws {
        let repo = try TemporaryDirectory("links")
        let outside = try TemporaryDirectory("outside")
        defer { repo.remove(); outside.remove() }
        try repo.write("App/en.lproj/Localizable.strings", "")
        try repo.write("Shared/Inside.strings", "\"a\" = \"b\";")
        let secret = try outside.write("Secret.strings", "\"token\" = \"x\";")
        let fm = FileManager.default
        try fm.createDirectory(at: repo.url.appendingPathComponent("App/de.lproj"), withIntermediateDirectories: true)
        try fm.createSymbolicLink(atPath: repo.url.appendingPathComponent("App/en.lproj/Secret.strings").path, withDestinationPath: secret.path)
        try fm.createSymbolicLink(atPath: repo.url.appendingPathComponent("App/de.lproj/Localizable.strings").path, withDestinationPath: "../../Shared/Inside.strings")
        try fm.createSymbolicLink(atPath: repo.url.appendingPathComponent("App/fr.lproj").path, withDestinationPath: "/etc")
        #expect(mkfifo(repo.url.appendingPathComponent("App/de.lproj/Pipe.strings").path, 0o644) == 0)

        let result = try discover(repo)

        #expect(result.modules.map(\.name) == ["App"])
        #expect(result.modules[0].tables.map(\.relativePath) == ["App/de.lproj/Localizable.strings", "App/en.lproj/Localizable.strings"])
        let skipped = Dictionary(uniqueKeysWithValues: result.skipped.map { ($0.path, $0.reason) })
        #expect(skipped["App/en.lproj/Secret.strings"] == "symbolic link to a file outside the repository; it is never read")
        #expect(skipped["App/de.lproj/Pipe.strings"] == "not a regular file (FIFO, socket or device)")
        #expect(skipped["App/fr.lproj"] == "symbolic link to something that is not a regular file; links to folders are not followed")
        let codes = Dictionary(uniqueKeysWithValues: result.skipped.map { ($0.path, $0.code) })
        #expect(codes["App/en.lproj/Secret.strings"] == .symbolicLink)
        #expect(codes["App/de.lproj/Pipe.strings"] == .notARegularFile)
        #expect(codes["App/fr.lproj"] == .symbolicLink)
    }

    @Test func folderNameThatCannotNameAFileIsAnError() throws {
        let repo = try TemporaryDirectory("names")
        defer { repo.remove() }
        try repo.write("A\\B/en.lproj/Localizable.strings", "")

        let error = #expect(throws: PackagerError.self) { try discover(repo) }

        #expect(error?.reason.hasPrefix("the folder 'A\\B' gives the module name 'A\\B', which cannot name a file") == true)
    }

    @Test func moduleNamesDifferingOnlyInCaseAreAnError() throws {
        let repo = try TemporaryDirectory("case")
        defer { repo.remove() }
        try repo.write("iOS/Checkout/en.lproj/Localizable.strings", "")
        try repo.write("tv/checkout/en.lproj/Localizable.strings", "")

        let error = #expect(throws: PackagerError.self) { try discover(repo) }

        #expect(error?.code == .nameCollision)
        #expect(error?.reason.contains("differ only in letter case") == true)
    }

    @Test func configuredFolderOutsideTheRepositoryOrClaimedTwiceIsAnError() throws {
        let parent = try TemporaryDirectory("parent")
        defer { parent.remove() }
        try parent.write("repo/App/en.lproj/Localizable.strings", "")
        try parent.write("sibling/en.lproj/Localizable.strings", "")
        let root = parent.url.appendingPathComponent("repo")

        let outside = #expect(throws: PackagerError.self) {
            try ModuleDiscovery.discover(repositoryRoot: root, configuration: PackagerConfiguration(modules: ["X": ["../sibling"]]))
        }
        let twice = #expect(throws: PackagerError.self) {
            try ModuleDiscovery.discover(repositoryRoot: root, configuration: PackagerConfiguration(modules: ["X": ["App"], "Y": ["./App/"]]))
        }
        let dotted = try ModuleDiscovery.discover(
            repositoryRoot: root, configuration: PackagerConfiguration(modules: ["Main": ["App/../App"]])
        )

        #expect(outside?.reason.contains("is outside the repository root") == true)
        #expect(twice?.reason == "modules 'X' and 'Y' both list the folder './App/'; give each folder to one module")
        #expect(dotted.modules.map(\.name) == ["Main"])
    }
}
