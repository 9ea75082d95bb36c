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
}
