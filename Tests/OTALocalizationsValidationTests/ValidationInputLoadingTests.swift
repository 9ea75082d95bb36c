import Foundation
import OTALocalizationsCore
import Testing
@testable import OTALocalizationsValidation

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
