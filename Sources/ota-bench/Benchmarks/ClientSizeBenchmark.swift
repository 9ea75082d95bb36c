import Foundation

/// Benchmark 9: the bytes the client adds to an app's executable: the read side alone, and the read side
/// with the service, beside a Foundation-only executable making the same calls, built in one
/// `swift build -c release -Xswiftc -Osize -Xlinker --gc-sections` of ``SizeProbe`` and stripped with `strip`; the
/// added bytes are attributed to the client's targets by symbol (``SymbolSizes``).
enum ClientSizeBenchmark {
    /// The goals, in bytes (1 KB = 1,000 bytes, as elsewhere in the bench).
    static let readSideGoalBytes = 100_000
    static let readSideAndServiceGoalBytes = 750_000

    static func run(scratch: URL) throws -> Section {
        var section = Section(key: "clientSize", title: "Bytes the client adds to a stripped executable")
        let probe = scratch.appendingPathComponent("size-probe", isDirectory: true)
        try FileManager.default.createDirectory(at: probe, withIntermediateDirectories: true)
        try SizeProbe.write(at: probe, repository: BenchPaths.packageRoot)
        let bin = try build(probe)

        var stripped: [SizeProbe.Executable: Int] = [:]
        var symbols: [SizeProbe.Executable: SymbolSizes] = [:]
        for executable in SizeProbe.Executable.allCases {
            let built = bin.appendingPathComponent(executable.rawValue)
            let copy = probe.appendingPathComponent("\(executable.rawValue).stripped")
            try FileManager.default.copyItem(at: built, to: copy)
            try Subprocess.check("strip", [copy.path])
            stripped[executable] = try size(of: copy)
            symbols[executable] = try SymbolSizes(executable: built, scratch: probe)
        }
        guard let baselineBytes = stripped[.baseline], let baselineSymbols = symbols[.baseline] else {
            throw BenchError("the baseline executable was not measured")
        }
        section.context = [
            ("build", "swift build " + SizeProbe.buildArguments.joined(separator: " ") + " of one scratch package, three executables"),
            ("baseline", "a Foundation-only executable (NSLocalizedString, one URLSession GET): \(baselineBytes) bytes stripped"),
            ("method", "bytes = stripped size minus the baseline's; by symbol = nm --size-sort -S of the unstripped executable, "
                + "demangled, grouped by the first client module a symbol names (other: none; its figure is over the baseline's)"),
        ]
        let goals: [(SizeProbe.Executable, String, Int)] = [
            (.readSide, "the read side (OTALocalizations)", readSideGoalBytes),
            (.readSideAndService, "the read side and the service (OTALocalizationsSync)", readSideAndServiceGoalBytes),
        ]
        for (executable, label, goalBytes) in goals {
            guard let bytes = stripped[executable], let sizes = symbols[executable] else { continue }
            section.figures += figures(
                executable, label: label, added: bytes - baselineBytes, goalBytes: goalBytes, sizes, over: baselineSymbols)
        }
        return section
    }

    /// Builds the probe and returns its products' folder.
    /// - Throws: `BenchError` with the compiler's errors when the build fails.
    private static func build(_ probe: URL) throws -> URL {
        let arguments = ["build", "--package-path", probe.path] + SizeProbe.buildArguments
        let result = try Subprocess.run("swift", arguments)
        guard result.status == 0 else {
            let output = result.stdout + result.stderr
            let errors = output.split(separator: "\n").filter { $0.contains("error:") }.prefix(5).joined(separator: "\n")
            throw BenchError("swift \(arguments.joined(separator: " ")) exited \(result.status): "
                + (errors.isEmpty ? String(output.suffix(600)) : errors))
        }
        let path = try Subprocess.check("swift", arguments + ["--show-bin-path"]).stdout
        return URL(fileURLWithPath: path.trimmingCharacters(in: .whitespacesAndNewlines), isDirectory: true)
    }

    /// The executable's total added bytes with its goal, then one figure per group of its symbols.
    private static func figures(
        _ executable: SizeProbe.Executable, label: String, added: Int, goalBytes: Int, _ sizes: SymbolSizes,
        over baseline: SymbolSizes
    ) -> [Figure] {
        let key = executable.rawValue.prefix(1).lowercased() + executable.rawValue.dropFirst()
        let groups = sizes.bytesByGroup, baselineGroups = baseline.bytesByGroup
        let bySymbol = groups.values.reduce(0, +) - baselineGroups.values.reduce(0, +)
        var total = Figure(key: key, label: "\(label): bytes added, stripped", unit: "bytes", samples: [Double(added)])
        total.goal = .init(text: "≤ \(goalBytes / 1000) KB", met: added <= goalBytes)
        total.note = "\(bySymbol) of them in sized symbols, \(added - bySymbol) outside (tables, headers, unwind information)"
        var figures = [total]
        for group in SymbolSizes.modules + [SymbolSizes.other] {
            let bytes = (groups[group] ?? 0) - (baselineGroups[group] ?? 0)
            var figure = Figure(key: "\(key)_\(group)", label: "  by symbol: \(group)", unit: "bytes", samples: [Double(bytes)])
            if let largest = sizes.symbols.first(where: { $0.group == group }), group != SymbolSizes.other || bytes > 0 {
                figure.note = "largest: \(largest.name.prefix(110)) (\(largest.bytes) bytes)"
            }
            figures.append(figure)
        }
        return figures
    }

    private static func size(of file: URL) throws -> Int {
        guard let bytes = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int else {
            throw BenchError("no size for \(file.path)")
        }
        return bytes
    }
}
