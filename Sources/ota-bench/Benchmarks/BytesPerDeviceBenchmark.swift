import Foundation
import OTALocalizations
import OTALocalizationsCore
import OTALocalizationsPackager

/// Benchmark 7: bytes one device downloads, full module ZIPs against slices (docs/design.md, "Slices"), for a fresh
/// install and for a one-string fix in `fr`, on `nextcloud__talk-ios` (107 localizations) and the generated monorepo.
///
/// Computed from the two manifests a real publish writes, with the client's own choice of slices
/// (`OTALocalizationSelection`): base plus the slices of the localizations the device's languages choose; a fix costs
/// the chosen slices whose hash changed. The nginx test `NginxSliceTests` pins that `sync` downloads exactly these.
/// Every update also costs each device the manifest, whose `slices` field grows with modules × localizations: the
/// `manifestBytes` figure sets it beside the same manifest without that field.
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

    static func run(monorepo: URL?, scratch: URL) -> Section {
        var section = Section(key: "bytesPerDevice", title: "Bytes per device: full ZIPs vs slices")
        var inputs: [(String, URL)] = [("nextcloud", BenchPaths.corpus.appendingPathComponent("nextcloud__talk-ios"))]
        if let monorepo { inputs.append(("monorepo", monorepo)) }
        for (key, source) in inputs {
            do {
                section.figures += try measure(key: key, source: source, scratch: scratch, context: &section.context)
            } catch {
                section.context.append((key, "skipped: \(error)"))
            }
        }
        section.context.append(("method", "bytes from the manifests of two publishes (before and after one value of one fr table changed), slices chosen by OTALocalizationSelection with explicit languages"))
        return section
    }

    private static func measure(
        key: String, source: URL, scratch: URL, context: inout [(String, String)]
    ) throws -> [Figure] {
        let root = scratch.appendingPathComponent("slices-\(key)", isDirectory: true)
        try? FileManager.default.removeItem(at: root)
        try FileManager.default.copyItem(at: source, to: root)
        let before = try PackagingBenchmark.prepare(label: key, root: root, scratch: scratch).result.manifest
        let edited = try editOneFrenchValue(under: root)
        let after = try PackagingBenchmark.prepare(label: key, root: root, scratch: scratch).result.manifest
        context.append((key, "\(before.modules.count) modules, \(before.modules.map(\.localizations.count).max() ?? 0) localizations at most; fix in \(edited)"))

        var withoutSlices = after
        for index in withoutSlices.modules.indices { withoutSlices.modules[index].slices = nil }
        var manifestFigure = Figure(
            key: "\(key)_manifestBytes", label: "\(key): manifest.json, which every update downloads", unit: "bytes",
            samples: [Double(after.encoded().count)],
            baseline: .init(label: "the same manifest without slices", samples: [Double(withoutSlices.encoded().count)]))
        manifestFigure.note = "ZIP bytes below do not include it"
        var figures = [manifestFigure]
        let fullFresh = Double(after.modules.reduce(Int64(0)) { $0 + $1.size })
        let fullFix = Double(zip(before.modules, after.modules).filter { $0.sha256 != $1.sha256 }.reduce(Int64(0)) { $0 + $1.1.size })
        for device in devices {
            let selection = OTALocalizationSelection(preferredLanguages: device.languages)
            let fresh = Double(after.modules.reduce(Int64(0)) { $0 + chosen($1, selection).reduce(0) { $0 + $1.size } })
            var freshFigure = Figure(
                key: "\(key)_\(device.key)_freshInstall", label: "\(key), \(device.label): fresh install", unit: "bytes",
                samples: [fresh], baseline: .init(label: "every full ZIP", samples: [fullFresh]))
            let fix = Double(zip(before.modules, after.modules).reduce(Int64(0)) { total, pair in
                let old = Set(chosen(pair.0, selection).map(\.sha256))
                return total + chosen(pair.1, selection).filter { !old.contains($0.sha256) }.reduce(0) { $0 + $1.size }
            })
            var fixFigure = Figure(
                key: "\(key)_\(device.key)_oneStringFix", label: "\(key), \(device.label): one-string fix in fr", unit: "bytes",
                samples: [fix], baseline: .init(label: "the changed full ZIP", samples: [fullFix]))
            if key == "nextcloud", device.key == "de" {
                freshFigure.goal = .init(text: "at least 25× fewer bytes", met: fresh * 25 <= fullFresh)
            }
            if key == "nextcloud", device.key == "en" {
                freshFigure.goal = .init(text: "at least 60× fewer bytes", met: fresh * 60 <= fullFresh)
            }
            if device.key == "fr" {
                let frSlices = zip(before.modules, after.modules).compactMap { pair -> Int64? in
                    guard let old = pair.0.slices?.localizations["fr"], let new = pair.1.slices?.localizations["fr"], old != new else { return nil }
                    return new.size
                }
                fixFigure.goal = .init(text: "exactly the changed fr slice (\(frSlices.reduce(0, +)) bytes)", met: frSlices.count == 1 && Int64(fix) == frSlices[0])
            } else if !device.languages.contains(where: { $0.hasPrefix("fr") }) {
                fixFigure.goal = .init(text: "0 ZIP bytes (the fix is not in its languages)", met: fix == 0)
            }
            figures += [freshFigure, fixFigure]
        }
        return figures
    }

    /// The slices `selection` installs for `module`: base and its localizations' slices; the full ZIP without slices.
    private static func chosen(_ module: ManifestModule, _ selection: OTALocalizationSelection) -> [ManifestSlice] {
        guard let slices = module.slices else { return [ManifestSlice(path: module.path, sha256: module.sha256, size: module.size)] }
        let names = selection.localizations(from: module.localizations).compactMap { slices.localizations[$0] }
        return [slices.base] + names
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
