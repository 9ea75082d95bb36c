import Foundation
import OTALocalizationsCore
import OTATestSupport
import Testing
@testable import OTALocalizationsValidation

/// The validator over every `.lproj` module of `../shared/corpus` (real apps' tables, read in place).
///
/// A module is the parent folder of `.lproj` folders; the development region is `en`. Where a module's
/// development-region table exists only as a String Catalog (owncloud's `Localizable.xcstrings`), the test
/// adds the catalog's `en` values as the `en` table, which is what compiling the catalog produces.
/// Expected findings were checked by hand with `grep`/`sed -n` on the files (quoted beside each).
@Suite struct CorpusValidationTests {
    struct ModuleResult {
        var repository: String
        var module: String
        var diagnostics: [ValidationDiagnostic]
    }

    static let results: [ModuleResult] = (try? validateCorpus()) ?? []

    static func modules() throws -> [(repository: String, input: ValidationInput)] {
        var inputs: [(String, ValidationInput)] = []
        for repository in try TestPaths.corpusRepositories() {
            var roots: Set<String> = []
            let enumerator = FileManager.default.enumerator(atPath: repository.path)
            while let relative = enumerator?.nextObject() as? String {
                if relative.hasSuffix(".lproj") { roots.insert((relative as NSString).deletingLastPathComponent) }
            }
            for root in roots.sorted() {
                let url = root.isEmpty ? repository : repository.appendingPathComponent(root)
                let display = repository.lastPathComponent + (root.isEmpty ? "" : "/\(root)")
                var input = try ValidationInput(contentsOf: url, module: display, developmentRegion: "en", displayRoot: display)
                input.files += try catalogDevelopmentTables(in: url, display: display, existing: input.files)
                inputs.append((repository.lastPathComponent, input))
            }
        }
        return inputs
    }

    /// `en.lproj/<T>.strings` built from `<T>.xcstrings` when the module has no `en` table `T`: each key's
    /// `en` string unit, else the key itself (the source language is en); keys with variations are left out.
    static func catalogDevelopmentTables(in root: URL, display: String, existing: [ValidationInput.File]) throws -> [ValidationInput.File] {
        let names = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".xcstrings") }.sorted()
        var files: [ValidationInput.File] = []
        for name in names {
            let table = String(name.dropLast(".xcstrings".count))
            guard !existing.contains(where: { $0.localization == "en" && $0.tableName == table }) else { continue }
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent(name))) as? [String: Any]
            guard json?["sourceLanguage"] as? String == "en", let strings = json?["strings"] as? [String: Any] else { continue }
            var entries: [StringsTable.Entry] = []
            for key in strings.keys.sorted() {
                let localizations = (strings[key] as? [String: Any])?["localizations"] as? [String: Any]
                let en = localizations?["en"] as? [String: Any]
                if en?["variations"] != nil { continue }
                let value = (en?["stringUnit"] as? [String: Any])?["value"] as? String ?? key
                entries.append(StringsTable.Entry(key: key, value: value, line: 0))
            }
            files.append(ValidationInput.File(
                path: "\(display)/\(name)", relativePath: "en.lproj/\(table).strings",
                content: .strings(StringsTable(format: .text, entries: entries))))
        }
        return files
    }

    static func validateCorpus() throws -> [ModuleResult] {
        try modules().map { repository, input in
            ModuleResult(repository: repository, module: input.module, diagnostics: ModuleValidator().validate(input))
        }
    }

    private var all: [ValidationDiagnostic] { Self.results.flatMap(\.diagnostics) }

    private func finding(_ code: ValidationDiagnostic.Code, _ file: String, line: Int?, key: String?) -> ValidationDiagnostic? {
        all.first { $0.code == code && $0.file == file && $0.line == line && $0.key == key }
    }

    @Test func readsEveryModuleOfEveryRepository() throws {
        let repositories = Set(Self.results.map(\.repository))
        #expect(repositories == ["Dimillian__IceCubesApp", "duckduckgo__apple-browsers", "mastodon__mastodon-ios", "nextcloud__talk-ios", "owncloud__ios-app"])
        // `find corpus -name '*.lproj' | sed 's|/[^/]*$||' | sort -u | wc -l` gives 21 module folders.
        #expect(Self.results.count == 21)
        // Every table file parses (python plistlib and a lenient old-style parser agree: corpus/SOURCES.md).
        #expect(all.filter { $0.code == .parseError || $0.code == .encoding }.isEmpty)
        let tableFiles = try Self.modules().flatMap(\.input.files).filter { !$0.path.hasSuffix(".xcstrings") }
        // `find corpus -path '*.lproj/*' \( -name '*.strings' -o -name '*.stringsdict' \) | wc -l`
        #expect(tableFiles.count == 1246)
    }

    @Test func findsOwncloudDuplicateKeys() throws {
        // bg_BG.lproj/Localizable.strings lines 21 and 67: "Add account" = "Добавяне на профил"; (twice).
        let duplicate = try #require(finding(.duplicateKeySameValue, "owncloud__ios-app/ownCloud/Resources/bg_BG.lproj/Localizable.strings", line: 67, key: "Add account"))
        #expect(duplicate.severity == .warning && duplicate.message.contains("line 21"))
        // An independent line-based scan (Python, one entry per line) finds 281 repeated keys, all with the same value.
        let duplicates = all.filter { $0.code == .duplicateKeySameValue || $0.code == .duplicateKey }
        #expect(duplicates.count == 281)
        #expect(duplicates.allSatisfy { $0.code == .duplicateKeySameValue && $0.file.hasPrefix("owncloud__ios-app/") })
    }

    @Test func findsSpecifierMismatchesInStringsTables() throws {
        // owncloud zh_TW.lproj/Localizable.strings:859 "Importing item %ld of %ld" = "導入％ld的項目％ld"; (full-width ％).
        let fullWidth = try #require(finding(.formatSpecifierMismatch, "owncloud__ios-app/ownCloud/Resources/zh_TW.lproj/Localizable.strings", line: 859, key: "Importing item %ld of %ld"))
        #expect(fullWidth.value == "導入％ld的項目％ld")
        // mastodon ku-TR.lproj/Localizable.strings:271 adds %@ to "Create Account".
        #expect(finding(.formatSpecifierMismatch, "mastodon__mastodon-ios/MastodonSDK/Sources/MastodonLocalization/Resources/ku-TR.lproj/Localizable.strings", line: 271, key: "Scene.Register.Title") != nil)
        // nextcloud uk.lproj/Localizable.strings:2725 writes the Qt-style %1 instead of %ld.
        #expect(finding(.formatSpecifierMismatch, "nextcloud__talk-ios/NextcloudTalk/uk.lproj/Localizable.strings", line: 2725, key: "You and %ld more participants joined the call") != nil)
    }

    @Test func findsStringsDictProblems() throws {
        // duckduckgo SyncUI fr.lproj/Localizable.stringsdict, entry on line 5, format key "%# @sites @" (its <key> on
        // line 7, where the finding points): %# @ reads an object.
        let broken = try #require(finding(.formatSpecifierMismatch, "duckduckgo__apple-browsers/iOS/LocalPackages/SyncUI-iOS/Sources/SyncUI-iOS/Resources/fr.lproj/Localizable.stringsdict", line: 7, key: "bookmarks.invalid.objects.present.description"))
        #expect(broken.message.contains("%# @sites @"))
        // nextcloud da.lproj/Localizable.stringsdict: entry "%d minutes ago" on line 69, its form one "%n minut siden"
        // (for value type d) on line 79 (`<key>one</key>`).
        let form = try #require(finding(.stringsDictSpecifierMismatch, "nextcloud__talk-ios/NextcloudTalk/da.lproj/Localizable.stringsdict", line: 79, key: "%d minutes ago"))
        #expect(form.keyPath == "minutes/one" && form.value == "%n minut siden")
        // nextcloud's sr@latin.lproj is not a language identifier.
        #expect(all.contains { $0.code == .invalidLocalizationName && $0.file == "nextcloud__talk-ios/NextcloudTalk/sr@latin.lproj" })
    }

    @Test func aBaselineWrittenFromTheCorpusClearsEveryError() throws {
        let baseline = try ValidationBaseline(data: ValidationBaseline(recording: all).encoded())
        let applied = baseline.apply(to: all)
        let errors = applied.filter { $0.severity == .error }
        #expect(!applied.isEmpty && errors.isEmpty)
        // Every finding is recorded (the corpus has no table that does not parse); notes stay notes.
        #expect(applied.filter { !$0.baselined }.isEmpty)
        #expect(applied.filter { $0.severity == .note }.count == all.filter { $0.severity == .note }.count)
    }

    @Test func everyFindingHasABaselineIdentityOfItsOwn() {
        // What tells two findings apart must be in the identity (key path, value), or a recorded one hides a new one.
        // Only a key written three times or more gives findings nothing tells apart but their lines (owncloud's
        // "Error" = "Fout"; three times in nl); each of them is recorded once, so a further copy is new.
        let identities = all.map(ValidationBaseline.Finding.init)
        var seen: [ValidationBaseline.Finding: Int] = [:]
        for identity in identities { seen[identity, default: 0] += 1 }
        let repeated = seen.filter { $0.value > 1 }
        #expect(!repeated.isEmpty)
        #expect(repeated.keys.allSatisfy { $0.code == "duplicate-key-same-value" }, "\(repeated.keys.filter { $0.code != "duplicate-key-same-value" }.prefix(3))")
        // So the count `validate --write-baseline` reports is the count `--validation-baseline` absorbs.
        let baseline = ValidationBaseline(recording: all)
        #expect(baseline.findings.count == all.count)
        #expect(baseline.apply(to: all).filter(\.baselined).count == all.count)
    }

    @Test func countsFindingsPerRepositoryAndCode() {
        var counts: [String: [String: Int]] = [:]
        for result in Self.results {
            for diagnostic in result.diagnostics { counts[result.repository, default: [:]][diagnostic.code.rawValue, default: 0] += 1 }
        }
        var lines: [String] = []
        for (repository, codes) in counts.sorted(by: { $0.key < $1.key }) {
            lines.append(repository)
            for (code, count) in codes.sorted(by: { $0.key < $1.key }) { lines.append("  \(code): \(count)") }
        }
        print(lines.joined(separator: "\n"))
        // OTA_VALIDATION_DUMP=<file> writes every finding, one per line, for checking by hand.
        if let dump = ProcessInfo.processInfo.environment["OTA_VALIDATION_DUMP"], !dump.isEmpty {
            try? all.map(\.formatted).joined(separator: "\n").write(toFile: dump, atomically: true, encoding: .utf8)
        }
        #expect(counts["owncloud__ios-app"]?["duplicate-key-same-value"] == 281)
    }
}
