import Foundation
import OTALocalizationsCore
import Testing
@testable import OTALocalizationsPackager

@Suite struct ValidationInputLoadingTests {
    /// A fresh folder under the system temporary directory, removed by the caller.
    private func makeFolder(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("validation-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    @Test func readsLprojTablesRootTablesAndFolders() throws {
        let root = try makeFolder([
            "en.lproj/Localizable.strings": "\"a\" = \"A\";\n\"b\" = \"B %@\";\n",
            "fr.lproj/Localizable.strings": "\"a\" = \"A\";\n\"b\" = \"B %d\";\n",
            "fr.lproj/Broken.strings": "\"a\" = \"A\"\n\"b\" = \"B\";\n",
            "Root.strings": "\"r\" = \"R\";\n",
            "Contents/readme.txt": "x",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let input = try ValidationInput(contentsOf: root, module: "Feature", developmentRegion: "en", displayRoot: "Modules/Feature")
        #expect(input.files.map(\.path) == [
            "Modules/Feature/Root.strings", "Modules/Feature/en.lproj/Localizable.strings",
            "Modules/Feature/fr.lproj/Broken.strings", "Modules/Feature/fr.lproj/Localizable.strings",
        ])
        #expect(input.folders == ["Contents", "en.lproj", "fr.lproj"])
        let diagnostics = ModuleValidator().validate(input)
        #expect(diagnostics.map(\.code) == [.specialFolderName, .tableOutsideLproj, .parseError, .formatSpecifierMismatch])
        #expect(diagnostics[0].file == "Modules/Feature/Contents" && diagnostics[1].file == "Modules/Feature/Root.strings")
        #expect(diagnostics[2].file == "Modules/Feature/fr.lproj/Broken.strings" && diagnostics[2].line == 1)
        #expect(diagnostics[3].key == "b" && diagnostics[3].line == 2)
    }

    @Test func throwsWhenTheFolderCannotBeListed() {
        #expect {
            try ValidationInput(contentsOf: URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)"), module: "M", developmentRegion: "en", displayRoot: "M")
        } throws: { error in
            (error as? TableError)?.code.rawValue == "io"
        }
    }
}

@Suite struct ValidationInputDiscoveryTests {
    @Test func buildsInputFromADiscoveredModule() throws {
        let url = URL(fileURLWithPath: "/nonexistent")
        let module = DiscoveredModule(name: "Profile", rule: "folder", folders: ["Modules/Profile/Resources"], tables: [
            TableFile(localization: "en", fileName: "Localizable.strings", relativePath: "Modules/Profile/Resources/en.lproj/Localizable.strings", url: url),
            TableFile(localization: "fr", fileName: "Localizable.strings", relativePath: "Modules/Profile/Resources/fr.lproj/Localizable.strings", url: url),
            TableFile(localization: "de", fileName: "Localizable.strings", relativePath: "Modules/Profile/Resources/de.lproj/Localizable.strings", url: url),
        ])
        let input = ValidationInput(discovered: module, developmentRegion: "en", tableBytes: [
            "en.lproj/Localizable.strings": Data("\"n\" = \"%d items\";".utf8),
            "fr.lproj/Localizable.strings": Data("\"n\" = \"%@ éléments\";".utf8),
        ])
        let diagnostics = ModuleValidator().validate(input)
        #expect(diagnostics.map(\.code.rawValue) == ["parse-error", "format-specifier-mismatch"])
        #expect(diagnostics[0].file == "Modules/Profile/Resources/de.lproj/Localizable.strings")
        #expect(diagnostics[1].module == "Profile" && diagnostics[1].localization == "fr" && diagnostics[1].line == 1)
    }
}
