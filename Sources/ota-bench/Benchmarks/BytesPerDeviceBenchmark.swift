import Foundation
import OTALocalizations
import OTALocalizationsCore
import OTALocalizationsPublishing
import OTALocalizationsPackager
import OTALocalizationsValidation

/// Benchmark 7: every byte one device downloads for a publish (docs/design.md, "The published index"): the index's
/// root, the parts it uses whose hash changed, and its slices, for a fresh install and for a one-string fix in `fr`,
/// unsigned and signed, on `nextcloud__talk-ios` (1 module, 107 localizations), the generated monorepo (30 × 40) and a
/// generated 500 modules × 30 localizations.
///
/// Computed from the files two real signed publishes write (before and after one `fr` value changed), with the client's
/// own choice of slices (`OTALocalizationSelection` with explicit languages): a device reads the root (its envelope
/// when signed), the base part and the part of each localization its languages choose from some module, each only when
/// its SHA-256 changed since it last read it (the client keeps the parts it read), then base and the chosen slices
/// whose hash changed, and, when it installs any slice, the full part (which names each entry's `sha256` for
/// `installedContent(for:)`). The baseline is `manifest.json`, the whole publish in one file, which a device would
/// download on every update without the index. Nothing changed costs one request answered `304` (the sync section and `NginxSliceTests`).
enum BytesPerDeviceBenchmark {
    private struct Device {
        var key: String
        var label: String
        var languages: [String]
    }

    private static let devices = [
        Device(key: "de", label: "a de device", languages: ["de"]),
        Device(key: "en", label: "an en (development region) device", languages: ["en"]),
        Device(key: "fr", label: "an fr device", languages: ["fr"]),
        Device(key: "threeLanguages", label: "a [pt-BR, de, en] device", languages: ["pt-BR", "de", "en"]),
    ]

    /// One signed publish as files on disk.
    private struct Publish {
        var manifest: Manifest
        var index: ManifestIndex
        var folder: URL

        func size(_ name: String) -> Int64 {
            Int64((try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)[.size] as? Int) ?? 0)
        }
    }

    static func run(monorepo: URL?, scratch: URL) -> Section {
        var section = Section(key: "bytesPerDevice", title: "Bytes per device: every byte of a publish on the wire")
        var inputs: [(String, URL)] = [("nextcloud", BenchPaths.corpus.appendingPathComponent("nextcloud__talk-ios"))]
        if let monorepo { inputs.append(("monorepo", monorepo)) }
        let large = scratch.appendingPathComponent("slices-source-500x30", isDirectory: true)
        if (try? Fixtures.writeMonorepo(at: large, modules: 500, keys: 4, languageCount: 30)) != nil { inputs.append(("modules500", large)) }
        let key = ManifestSigningKey.generate()
        for (name, source) in inputs {
            do {
                section.figures += try measure(key: name, source: source, scratch: scratch, signingKey: key, context: &section.context)
            } catch {
                section.context.append((name, "skipped: \(error)"))
            }
        }
        section.context.append(("method", "sizes of the files two signed publishes wrote (before and after one value of one fr table changed); parts and slices chosen by OTALocalizationSelection with explicit languages; a part or slice a device already has costs nothing"))
        return section
    }

    private static func measure(
        key: String, source: URL, scratch: URL, signingKey: ManifestSigningKey, context: inout [(String, String)]
    ) throws -> [Figure] {
        let root = scratch.appendingPathComponent("slices-\(key)", isDirectory: true)
        try? FileManager.default.removeItem(at: root)
        try FileManager.default.copyItem(at: source, to: root)
        let before = try publish(root, into: scratch.appendingPathComponent("bytes-\(key)-before"), signingKey: signingKey, second: 0)
        let edited = try editOneFrenchValue(under: root)
        let after = try publish(root, into: scratch.appendingPathComponent("bytes-\(key)-after"), signingKey: signingKey, second: 1)
        let localizations = after.manifest.modules.map(\.localizations.count).max() ?? 0
        context.append((key, "\(after.manifest.modules.count) modules, \(localizations) localizations at most; fix in \(edited)"))

        let legacy = Double(after.size("manifest.json"))
        var figures: [Figure] = []
        for device in devices {
            let selection = OTALocalizationSelection(preferredLanguages: device.languages)
            let fresh = cost(of: after, since: nil, selection)
            let fix = cost(of: after, since: before, selection)
            let root = Double(after.size("index.json")), signedRoot = Double(after.size("index.dsse.json"))
            var freshFigure = Figure(
                key: "\(key)_\(device.key)_freshInstall", label: "\(key), \(device.label): fresh install, metadata + ZIPs",
                unit: "bytes", samples: [root + fresh.metadata + fresh.zips],
                baseline: .init(label: "manifest.json + every full ZIP", samples: [legacy + Double(after.manifest.modules.reduce(Int64(0)) { $0 + $1.size })]))
            freshFigure.note = "metadata \(Int(root + fresh.metadata)) (signed \(Int(signedRoot + fresh.metadata))), ZIPs \(Int(fresh.zips))"
            var fixFigure = Figure(
                key: "\(key)_\(device.key)_oneStringFix", label: "\(key), \(device.label): one-string fix in fr, metadata + ZIPs",
                unit: "bytes", samples: [root + fix.metadata + fix.zips],
                baseline: .init(label: "manifest.json (format 1)", samples: [legacy]))
            fixFigure.note = "signed \(Int(signedRoot + fix.metadata + fix.zips)); ZIPs \(Int(fix.zips))"
            if key != "nextcloud", device.key == "de" {
                fixFigure.goal = .init(
                    text: "≤ 10 KB in total, ≤ 12 KB signed",
                    met: root + fix.metadata + fix.zips <= 10_000 && signedRoot + fix.metadata + fix.zips <= 12_000)
            }
            if key == "monorepo", device.key == "de" {
                freshFigure.goal = .init(text: "metadata ≤ 25 % of its ZIP bytes", met: (root + fresh.metadata) * 4 <= fresh.zips)
            }
            if key == "monorepo", device.key == "fr" {
                fixFigure.goal = .init(text: "≤ 10 KB plus the fr slice", met: root + fix.metadata <= 10_000)
            }
            figures += [freshFigure, fixFigure]
        }
        return figures
    }

    /// What a device with `selection` downloads for `publish`, having read `previous` (nil: nothing yet): the parts it
    /// uses but the root (counted apart), and its ZIPs, each only when its SHA-256 is new to it.
    private static func cost(of publish: Publish, since previous: Publish?, _ selection: OTALocalizationSelection) -> (metadata: Double, zips: Double) {
        func uses(_ publish: Publish) -> (parts: [PublishedFile], zips: [PublishedFile]) {
            var localizations: Set<String> = []
            var zips: [PublishedFile] = []
            for module in publish.manifest.modules {
                guard let slices = module.slices else {
                    zips.append(PublishedFile(path: module.path, sha256: module.sha256, size: module.size))
                    continue
                }
                let chosen = selection.localizations(from: module.localizations).filter { slices.localizations[$0] != nil }
                localizations.formUnion(chosen)
                zips += [slices.base] + chosen.map { slices.localizations[$0]! }
            }
            let parts = [publish.index.parts.base] + localizations.sorted().compactMap { publish.index.parts.localizations[$0] }
            return (parts, zips)
        }
        let now = uses(publish)
        let had = previous.map(uses)
        // A cycle that installs from slices also reads the full part, which names each entry's sha256 for
        // installedContent(for:); the fresh install before a fix did, so the device has that publish's.
        var knownParts = Set(had?.parts.map(\.sha256) ?? [])
        if let previous { knownParts.insert(previous.index.parts.full.sha256) }
        let knownZips = Set(had?.zips.map(\.sha256) ?? [])
        let newZips = now.zips.filter { !knownZips.contains($0.sha256) }
        let slicedZips = Set(publish.manifest.modules.flatMap { module in
            module.slices.map { [$0.base.sha256] + $0.localizations.values.map(\.sha256) } ?? []
        })
        var parts = now.parts
        if newZips.contains(where: { slicedZips.contains($0.sha256) }) { parts.append(publish.index.parts.full) }
        let metadata = parts.filter { !knownParts.contains($0.sha256) }.reduce(Int64(0)) { $0 + $1.size }
        let zips = newZips.reduce(Int64(0)) { $0 + $1.size }
        return (Double(metadata), Double(zips))
    }

    /// Packages `root` signed, into `output`, adopting the validation findings it already has (real apps' tables have
    /// some: the benchmark measures bytes, not validation).
    private static func publish(_ root: URL, into output: URL, signingKey: ManifestSigningKey, second: TimeInterval) throws -> Publish {
        try? FileManager.default.removeItem(at: output)
        var baseline: URL?
        let run = try Validator.validate(repositoryRoot: root, configurationFile: nil, options: ValidationOptions())
        if run.diagnostics.contains(where: { $0.severity == .error }) {
            let file = output.deletingLastPathComponent().appendingPathComponent("\(output.lastPathComponent)-baseline.json")
            try ValidationBaseline(recording: run.diagnostics).encoded().write(to: file)
            baseline = file
        }
        var options = PackagingBenchmark.options(root, into: output, baseline: baseline)
        options.publishedAt = Date(timeIntervalSince1970: 1_780_000_000 + second)
        options.signingKeys = [signingKey]
        let result = try Packager.package(options)
        let folder = result.manifestURL.deletingLastPathComponent()
        let index = try ManifestIndex(bytes: Data(contentsOf: folder.appendingPathComponent("index.json")))
        return Publish(manifest: result.manifest, index: index, folder: folder)
    }

    /// Changes the first value of the first published `fr.lproj/*.strings` table found (sorted paths, UTF-8 or
    /// UTF-16 with a byte-order mark, kept in its encoding); returns its path.
    private static func editOneFrenchValue(under root: URL) throws -> String {
        let paths = (FileManager.default.subpaths(atPath: root.path) ?? [])
            .filter { $0.contains("fr.lproj/") && $0.hasSuffix(".strings") && !$0.hasSuffix("InfoPlist.strings") }.sorted()
        for path in paths {
            let url = root.appendingPathComponent(path)
            guard let data = try? Data(contentsOf: url) else { continue }
            let encoding: String.Encoding = data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) ? .utf16 : .utf8
            guard var text = String(data: data, encoding: encoding), let range = text.range(of: "\" = \"") else { continue }
            text.replaceSubrange(range, with: "\" = \"(fix) ")
            try text.write(to: url, atomically: true, encoding: encoding)
            return path
        }
        throw BenchError("no fr.lproj/*.strings table with a \"key\" = \"value\" line under \(root.path)")
    }
}
