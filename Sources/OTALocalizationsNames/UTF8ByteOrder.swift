/// The one ordering of names in what the project writes and lists (the manifest and its index, a ZIP's entries, the
/// quarantine record, directory listings): by the bytes of their UTF-8 encodings, which is the same on every platform
/// and in every language. Swift's `String` comparison is not byte order (it compares canonically equivalent text as
/// equal). The read side and Core both sort so, so it lives here; `OTALocalizationsSourceLint`, which depends on
/// Foundation only, spells the same comparison itself.
package enum UTF8ByteOrder {
    /// Whether `a` sorts before `b` by the bytes of their UTF-8 encodings.
    @inlinable
    package static func precedes(_ a: some StringProtocol, _ b: some StringProtocol) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    /// Returns `names` in byte order (``precedes(_:_:)``); equal names keep their relative order.
    ///
    /// Not generic and never inlined, so every caller shares this one copy of the standard library's sort: a
    /// `sorted { … }` at each call site is specialized for its closure, about 3 KB of machine code each, all linked
    /// by the app (docs/benchmarks.md, "Bytes the client adds").
    @inline(never)
    package static func sorted(_ names: [String]) -> [String] {
        positions(of: names).map { names[$0] }
    }

    /// Returns the indices of `names` in the order ``sorted(_:)`` puts them: for sorting values by a name of each.
    @inline(never)
    package static func positions(of names: [String]) -> [Int] {
        names.indices.sorted { names[$0].utf8.lexicographicallyPrecedes(names[$1].utf8) }
    }
}
