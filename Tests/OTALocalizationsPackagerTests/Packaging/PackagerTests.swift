import Foundation
import OTALocalizationsCore
import OTATestSupport
import Testing
@testable import OTALocalizationsPackager

@Suite struct PackagerTests {
    static let published = Date(timeIntervalSince1970: 1_790_000_000)

    private func package(_ repo: URL, into output: URL, previous: URL? = nil) throws -> PackageResult {
        try Packager.package(PackageOptions(
            repositoryRoot: repo, appVersion: "2.1.0", outputDirectory: output,
            publishedAt: Self.published, previousManifest: previous
        ))
    }

    private func makeRepo() throws -> TemporaryDirectory {
        let repo = try TemporaryDirectory("pkg")
        try repo.write("Kit/Sources/Cart/Resources/en.lproj/Localizable.strings", "\"cart\" = \"Cart\";\n")
        try repo.write("Kit/Sources/Cart/Resources/de.lproj/Localizable.strings", "\"cart\" = \"Warenkorb\";\n")
        try repo.write("Kit/Sources/Cart/Resources/de.lproj/InfoPlist.strings", "\"CFBundleName\" = \"X\";\n")
        try repo.write("App/Resources/en.lproj/Localizable.strings", "\"title\" = \"Shop\";\n")
        return repo
    }

    @Test func writesOneZipPerModuleAndTheManifestThatIndependentToolsAgreeWith() throws {
        let repo = try makeRepo()
        let out = try TemporaryDirectory("out")
        defer { repo.remove(); out.remove() }

        let result = try package(repo.url, into: out.url)

        let folder = out.url.appendingPathComponent("2.1.0")
        #expect(result.modules.map(\.name) == ["App", "Cart"])
        for module in result.modules {
            let zip = folder.appendingPathComponent(module.path)
            let hex = try ExternalTool.sha256sumBlocking(zip)
            #expect(module.sha256 == hex)
            #expect(module.path == "\(module.name)-\(hex.prefix(16)).zip")
            let size = try FileManager.default.attributesOfItem(atPath: zip.path)[.size] as? Int
            #expect(Int64(size ?? -1) == module.size)
            let test = try ExternalTool.runBlocking("unzip", ["-t", zip.path])
            #expect(test.status == 0, "\(test.stdout)")
        }
        let listing = try ExternalTool.pythonBlocking("""
            import sys, zipfile, plistlib
            z = zipfile.ZipFile(sys.argv[1])
            print(z.namelist())
            print(z.read("de.lproj/Localizable.strings").decode())
            print(sorted(plistlib.loads(z.read("Info.plist")).items()))
            """, [folder.appendingPathComponent(result.modules[1].path).path])
        #expect(listing == """
            ['Info.plist', 'de.lproj/Localizable.strings', 'en.lproj/Localizable.strings']
            "cart" = "Warenkorb";

            [('CFBundleDevelopmentRegion', 'en'), ('CFBundleInfoDictionaryVersion', '6.0'), ('CFBundlePackageType', 'BNDL')]

            """)
        let manifest = try Manifest(bytes: Data(contentsOf: folder.appendingPathComponent("manifest.json")))
        #expect(manifest == result.manifest)
        #expect(manifest.modules.map(\.localizations) == [["en"], ["de", "en"]])
        #expect(ManifestDate.format(manifest.publishedAt) == "2026-09-21T14:13:20Z")
        #expect(result.skipped.map(\.path) == ["Kit/Sources/Cart/Resources/de.lproj/InfoPlist.strings"])
        #expect(result.modules.map(\.changed) == [nil, nil])
        let slicePaths = manifest.modules.flatMap { [$0.slices!.base.path] + $0.slices!.localizations.values.map(\.path) }
        // The published index, read with Python alone: each part's SHA-256 and size are the root's, and the parts say
        // what manifest.json says.
        let index = try ExternalTool.pythonBlocking("""
            import sys, json, gzip, hashlib, os
            folder = sys.argv[1]
            root = json.load(open(os.path.join(folder, "index.json")))
            manifest = json.load(open(os.path.join(folder, "manifest.json")))
            parts = [root["parts"]["base"], root["parts"]["full"]] + [root["parts"]["localizations"][k] for k in sorted(root["parts"]["localizations"])]
            for part in parts:
                data = open(os.path.join(folder, part["path"]), "rb").read()
                assert hashlib.sha256(data).hexdigest() == part["sha256"] and len(data) == part["size"], part
                print(part["path"])
            base = json.loads(gzip.decompress(open(os.path.join(folder, root["parts"]["base"]["path"]), "rb").read()))
            full = json.loads(gzip.decompress(open(os.path.join(folder, root["parts"]["full"]["path"]), "rb").read()))
            de = json.loads(gzip.decompress(open(os.path.join(folder, root["parts"]["localizations"]["de"]["path"]), "rb").read()))
            print(root["formatVersion"], root["appVersion"], root["publishedAt"] == manifest["publishedAt"])
            print([(m["name"], m["localizations"], m["base"] == x["slices"]["base"]) for m, x in zip(base["modules"], manifest["modules"])])
            print([(m["name"], m["sha256"] == x["sha256"]) for m, x in zip(full["modules"], manifest["modules"])])
            print([(m["name"], m["path"] == manifest["modules"][1]["slices"]["localizations"]["de"]["path"]) for m in de["modules"]])
            """, [folder.path])
        let indexLines = index.split(separator: "\n").map(String.init)
        let partNames = Array(indexLines.prefix(3))
        #expect(partNames.map { $0.split(separator: "-").prefix(2).joined(separator: "-") } == ["index-base", "index-full", "index-de"])
        #expect(Array(indexLines.dropFirst(3)) == [
            "2 2.1.0 True",
            "[('App', ['en'], True), ('Cart', ['de', 'en'], True)]",
            "[('App', True), ('Cart', True)]",
            "[('Cart', True)]",
        ])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
                == ([result.modules[0].path, result.modules[1].path, "manifest.json", "index.json"] + slicePaths + partNames).sorted())
        // App has only the development region: its slices are base alone; Cart has base and de.
        #expect(manifest.modules.map { $0.slices!.localizations.keys.sorted() } == [[], ["de"]])
    }

    @Test func sameInputGivesByteIdenticalZipsWhateverTheFolderAndCreationOrder() throws {
        let first = try makeRepo()
        // Same files, created in the opposite order, in another folder.
        let second = try TemporaryDirectory("pkg2")
        try second.write("App/Resources/en.lproj/Localizable.strings", "\"title\" = \"Shop\";\n")
        try second.write("Kit/Sources/Cart/Resources/de.lproj/InfoPlist.strings", "\"CFBundleName\" = \"X\";\n")
        try second.write("Kit/Sources/Cart/Resources/de.lproj/Localizable.strings", "\"cart\" = \"Warenkorb\";\n")
        try second.write("Kit/Sources/Cart/Resources/en.lproj/Localizable.strings", "\"cart\" = \"Cart\";\n")
        let outA = try TemporaryDirectory("outA")
        let outB = try TemporaryDirectory("outB")
        defer { [first, second, outA, outB].forEach { $0.remove() } }

        let a = try package(first.url, into: outA.url)
        let b = try package(second.url, into: outB.url)

        #expect(a.modules == b.modules)
        for module in a.modules {
            let bytesA = try Data(contentsOf: outA.url.appendingPathComponent("2.1.0/\(module.path)"))
            let bytesB = try Data(contentsOf: outB.url.appendingPathComponent("2.1.0/\(module.path)"))
            #expect(bytesA == bytesB)
        }
        #expect(try Data(contentsOf: a.manifestURL) == Data(contentsOf: b.manifestURL))
    }

    @Test func tableThatDoesNotParseWritesNothingAndNamesTheLine() throws {
        let repo = try makeRepo()
        let out = try TemporaryDirectory("out")
        defer { repo.remove(); out.remove() }
        try repo.write("App/Resources/fr.lproj/Localizable.strings", "\"a\" = \"b\";\n\"c\" = \"d\"\n\"e\" = \"f\";\n")

        let error = #expect(throws: PackagerError.self) { try package(repo.url, into: out.url) }

        #expect(error?.code == .invalidTables)
        #expect(error?.details.count == 1)
        #expect(error?.details.first?.hasPrefix("App/Resources/fr.lproj/Localizable.strings:2:10: ") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
    }

    @Test func previousManifestMarksChangedAndUnchangedModules() throws {
        let repo = try makeRepo()
        let out = try TemporaryDirectory("out")
        defer { repo.remove(); out.remove() }
        let first = try package(repo.url, into: out.url)
        let saved = out.url.appendingPathComponent("previous.json")
        try FileManager.default.copyItem(at: first.manifestURL, to: saved)
        try repo.write("Kit/Sources/Cart/Resources/de.lproj/Localizable.strings", "\"cart\" = \"Einkaufswagen\";\n")

        let second = try package(repo.url, into: out.url, previous: saved)

        #expect(second.modules.map(\.changed) == [false, true])
        #expect(second.modules.map(\.written) == [false, true])
        // The old Cart ZIP stays (immutable, content-addressed); the manifest names the new one.
        let files = try FileManager.default.contentsOfDirectory(atPath: out.url.appendingPathComponent("2.1.0").path)
        // Full ZIPs old and new, the unchanged base slice once, the de slice old and new.
        func paths(_ module: ManifestModule) -> Set<String> {
            Set([module.path, module.slices!.base.path] + module.slices!.localizations.values.map(\.path))
        }
        let (before, after) = (first.manifest.modules[1], second.manifest.modules[1])
        #expect(Set(files.filter { $0.hasPrefix("Cart-") }) == paths(before).union(paths(after)))
        #expect(files.filter { $0.hasPrefix("Cart-") }.count == 5)
        #expect(after.path != before.path)
        #expect(after.slices?.base == before.slices?.base)
        #expect(after.slices?.localizations["de"] != before.slices?.localizations["de"])
    }

    @Test func identicalExistingZipIsLeftUntouched() throws {
        let repo = try makeRepo()
        let out = try TemporaryDirectory("out")
        defer { repo.remove(); out.remove() }
        let first = try package(repo.url, into: out.url)
        let zip = out.url.appendingPathComponent("2.1.0/\(first.modules[0].path)")
        let old = Date(timeIntervalSince1970: 1_000_000_000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: zip.path)

        _ = try package(repo.url, into: out.url)

        let date = try FileManager.default.attributesOfItem(atPath: zip.path)[.modificationDate] as? Date
        #expect(date == old)
    }

    @Test func alteredExistingZipStopsBeforeWriting() throws {
        let repo = try makeRepo()
        let out = try TemporaryDirectory("out")
        defer { repo.remove(); out.remove() }
        let first = try package(repo.url, into: out.url)
        try Data("tampered".utf8).write(to: out.url.appendingPathComponent("2.1.0/\(first.modules[0].path)"))
        let manifestBefore = try Data(contentsOf: first.manifestURL)

        let error = #expect(throws: PackagerError.self) { try package(repo.url, into: out.url) }

        #expect(error?.code == .io)
        #expect(try Data(contentsOf: first.manifestURL) == manifestBefore)
    }

    @Test func emptyRepositoryHasNothingToPackage() throws {
        let repo = try TemporaryDirectory("empty")
        let out = try TemporaryDirectory("out")
        defer { repo.remove(); out.remove() }
        try repo.write("App/en.lproj/InfoPlist.strings", "")

        let error = #expect(throws: PackagerError.self) { try package(repo.url, into: out.url) }

        #expect(error?.code == .nothingToPackage)
    }

    @Test func appVersionMustNameAFolder() throws {
        let repo = try makeRepo()
        defer { repo.remove() }
        for bad in ["", "../1.0", "1/0", "..", "-1", " 1.0", "1\n2", String(repeating: "9", count: 65)] {
            let error = #expect(throws: PackagerError.self) {
                try Packager.package(PackageOptions(
                    repositoryRoot: repo.url, appVersion: bad, outputDirectory: repo.url, publishedAt: Self.published
                ))
            }
            #expect(error?.code == .badAppVersion)
        }
    }
}

@Suite struct DevelopmentRegionCheckTests {
    @Test func moduleWithoutDevelopmentRegionTablesIsWarned() throws {
        let repo = try TemporaryDirectory("devregion")
        let out = try TemporaryDirectory("out")
        defer { repo.remove(); out.remove() }
        try repo.write("App/en.lproj/Localizable.strings", "\"a\" = \"%@ items\";\n")
        try repo.write("App/de.lproj/Localizable.strings", "\"a\" = \"%@ Dinge\";\n")
        try repo.write("ota-localizations.json", "{\"developmentRegion\": \"fr\"}")

        let result = try Packager.package(PackageOptions(
            repositoryRoot: repo.url, appVersion: "1.0", outputDirectory: out.url, publishedAt: PackagerTests.published
        ))

        #expect(result.diagnostics.map(\.code) == [.developmentRegionMissing])
        #expect(result.diagnostics.first?.severity == .warning)
        #expect(result.diagnostics.first?.localization == "fr")
    }
}

@Suite struct PublishDateTests {
    @Test func explicitArgumentWinsThenSourceDateEpochThenClock() throws {
        let now = Date(timeIntervalSince1970: 1_790_000_000)   // 2026-09-21T14:13:20Z
        #expect(try PublishDate.resolve(argument: "2026-07-24T10:00:00Z", environment: ["SOURCE_DATE_EPOCH": "1"], now: now)
                == Date(timeIntervalSince1970: 1_784_887_200))
        #expect(try PublishDate.resolve(argument: nil, environment: ["SOURCE_DATE_EPOCH": "1700000000"], now: now)
                == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(try PublishDate.resolve(argument: nil, environment: [:], now: now) == now)
    }

    @Test func aDateMoreThanAnHourAheadOfTheClockIsRefusedUnlessAllowed() throws {
        let now = Date(timeIntervalSince1970: 1_790_000_000)   // 2026-09-21T14:13:20Z
        // 59 minutes ahead: within the clients' tolerance.
        #expect(try PublishDate.resolve(argument: "2026-09-21T15:12:20Z", environment: [:], now: now)
                == Date(timeIntervalSince1970: 1_790_003_540))
        let ahead = #expect(throws: PackagerError.self) { try PublishDate.resolve(argument: "2026-09-21T15:14:20Z", environment: [:], now: now) }
        #expect(ahead?.code == .badPublishedAt)
        let epochAhead = #expect(throws: PackagerError.self) {
            try PublishDate.resolve(argument: nil, environment: ["SOURCE_DATE_EPOCH": "1790003700"], now: now)
        }
        #expect(epochAhead?.code == .badPublishedAt)
        #expect(try PublishDate.resolve(argument: "2099-01-01T00:00:00Z", environment: [:], now: now, allowFuture: true)
                == Date(timeIntervalSince1970: 4_070_908_800))
    }

    @Test func invalidValuesAreErrors() {
        let text = #expect(throws: PackagerError.self) { try PublishDate.resolve(argument: "July", environment: [:]) }
        #expect(text?.code == .badPublishedAt)
        let epoch = #expect(throws: PackagerError.self) { try PublishDate.resolve(argument: nil, environment: ["SOURCE_DATE_EPOCH": "x"]) }
        #expect(epoch?.code == .badPublishedAt)
    }
}

@Suite struct BundleInfoPlistTests {
    @Test func pythonPlistlibReadsTheExpectedKeys() throws {
        let bytes = BundleInfoPlist.bytes(developmentRegion: "pt-BR")
        let printed = try ExternalTool.pythonBlocking("""
            import sys, plistlib
            print(sorted(plistlib.loads(sys.argv[1].encode()).items()))
            """, [String(decoding: bytes, as: UTF8.self)])
        #expect(printed == "[('CFBundleDevelopmentRegion', 'pt-BR'), ('CFBundleInfoDictionaryVersion', '6.0'), ('CFBundlePackageType', 'BNDL')]\n")
    }
}
