import Foundation

/// The sized symbols of an unstripped executable (`nm --size-sort -S`), demangled (`swift demangle --compact`) and
/// attributed to the client's targets.
///
/// A symbol belongs to the first client module its demangled name mentions: `OTALocalizationsCore.Manifest.init`
/// to Core, and so does a specialization of a standard-library generic for a Core type or a witness of a Core
/// conformance; a symbol that names none (the standard library's own specializations, C shims, runtime glue) is
/// `other`. Symbols in `.bss` (`b`, `B`) take no bytes in the file and are left out. Bytes outside sized symbols
/// (section headers, string tables, unwind tables, relocations) are in no group.
struct SymbolSizes: Sendable {
    /// One symbol: its size in bytes, its demangled name and its group.
    struct Symbol: Sendable {
        var bytes: Int
        var name: String
        var group: String
    }

    /// The client's targets, as the groups are named, in report order; `other` follows them.
    static let modules = [
        "OTALocalizations", "OTALocalizationsNames", "OTALocalizationsDigest", "OTALocalizationsCore", "OTALocalizationsSync",
    ]
    static let other = "other"

    /// Every sized symbol, largest first.
    var symbols: [Symbol]

    /// Bytes per group (every module of ``modules`` and `other`, zero when absent).
    var bytesByGroup: [String: Int] {
        var totals = Dictionary(uniqueKeysWithValues: (Self.modules + [Self.other]).map { ($0, 0) })
        for symbol in symbols { totals[symbol.group, default: 0] += symbol.bytes }
        return totals
    }

    /// The sum over every sized symbol.
    var totalBytes: Int { symbols.reduce(0) { $0 + $1.bytes } }

    /// Reads `executable`'s symbols; `scratch` holds the demangler's input file.
    /// - Throws: `BenchError` when `nm` or `swift demangle` fails or their outputs do not line up.
    init(executable: URL, scratch: URL) throws {
        let listed = try Subprocess.check("nm", ["--size-sort", "-S", executable.path])
        var sized: [(bytes: Int, mangled: String)] = []
        for line in listed.stdout.split(separator: "\n") {
            let fields = line.split(separator: " ", maxSplits: 3)
            guard fields.count == 4, fields[2] != "b", fields[2] != "B", let bytes = Int(fields[1], radix: 16) else { continue }
            sized.append((bytes, String(fields[3])))
        }
        let input = scratch.appendingPathComponent("\(executable.lastPathComponent).symbols")
        try Data(sized.map(\.mangled).joined(separator: "\n").utf8).write(to: input)
        let demangled = try Subprocess.check("/bin/sh", ["-c", "exec swift demangle --compact < \"$0\"", input.path])
            .stdout.split(separator: "\n", omittingEmptySubsequences: false).prefix(sized.count)
        guard demangled.count == sized.count else {
            throw BenchError("swift demangle printed \(demangled.count) lines for \(sized.count) symbols")
        }
        symbols = zip(sized, demangled).map { symbol, name in
            Symbol(bytes: symbol.bytes, name: String(name), group: Self.group(of: name))
        }.sorted { $0.bytes > $1.bytes }
    }

    /// The first client module `demangled` names, or `other`.
    ///
    /// Names are matched longest first and need no boundary after them: a demangled name can hold mangled ones
    /// (`$s20OTALocalizationsCore13IndexBasePartV`, in a specialization's propagated closure), and no type of the
    /// client starts with a module's name outside its own module.
    static func group(of demangled: Substring) -> String {
        guard let found = demangled.range(of: "OTALocalizations") else { return other }
        let text = demangled[found.lowerBound...]
        return modulesLongestFirst.first { text.hasPrefix($0) } ?? other
    }

    private static let modulesLongestFirst = modules.sorted { $0.count > $1.count }
}
