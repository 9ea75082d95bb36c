import Foundation
import OTATestSupport
import Testing

/// `modules` on an app with a widget extension: the extension module is named as one, with where to read next
/// (docs/integration.md, "App extensions"); the app's module is not.
@Suite struct ModulesAppExtensionTests {
    private func repository() throws -> TemporaryDirectory {
        let repo = try TemporaryDirectory("modules-extension")
        func write(_ path: String, _ text: String) throws {
            let url = repo.url.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        for localization in ["en", "de"] {
            try write("MyApp/Resources/\(localization).lproj/Localizable.strings", "\"title\" = \"Title \(localization)\";\n")
            try write("Widget Extension/\(localization).lproj/Localizable.strings", "\"widget\" = \"Widget \(localization)\";\n")
        }
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict><key>NSExtension</key><dict><key>NSExtensionPointIdentifier</key>
            <string>com.apple.widgetkit-extension</string></dict></dict></plist>
            """
        try write("Widget Extension/Info.plist", plist)
        // An app's own Info.plist has no NSExtension.
        try write("MyApp/Info.plist", "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>CFBundleName</key><string>MyApp</string></dict></plist>")
        return repo
    }

    @Test func theExtensionModuleSaysItNeedsAnAppGroupStorageRoot() async throws {
        let repo = try repository()
        defer { repo.remove() }
        let text = try await ExternalTool.run(TestPaths.cliExecutable.path, ["modules", repo.url.path])
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        let notes = lines.filter { $0.hasPrefix("  app extension:  ") }
        #expect(notes == ["  app extension:  Widget Extension/Info.plist declares NSExtension: the downloaded strings reach it only "
            + "through an App Group storage root (docs/integration.md, \"App extensions\")"])
        // The note is under the extension's module, not the app's.
        let widget = try #require(lines.firstIndex { $0.hasPrefix("Widget Extension (") })
        let note = try #require(lines.firstIndex { $0.hasPrefix("  app extension:") })
        #expect(note > widget && !lines[widget..<note].contains { $0.hasPrefix("MyApp (") })

        let json = try await ExternalTool.run(TestPaths.cliExecutable.path, ["modules", repo.url.path, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        var found: [String: Any] = [:]
        for case let module as [String: Any] in object["modules"] as? [Any] ?? [] {
            found[module["name"] as? String ?? ""] = module["appExtensionInfoPlist"]
        }
        #expect(found["Widget Extension"] as? String == "Widget Extension/Info.plist")
        #expect(found["MyApp"] is NSNull)
    }
}
