extension String {
    /// Decodes `bytes` as UTF-8, or returns nil when they are not valid UTF-8 (Unicode 15, §3.9, D92).
    ///
    /// Lossy decoding (`String(decoding:as:)`) replaces each ill-formed sequence with U+FFFD, so the result's UTF-8
    /// differs from the input exactly when the input is not valid. This is the iOS 15 / macOS 12 form of
    /// `String(validating:as:)`, which needs iOS 18 / macOS 15 (`Scripts/apple-availability`).
    init?<Bytes: Collection<UInt8>>(validUTF8 bytes: Bytes) {
        let decoded = String(decoding: bytes, as: UTF8.self)
        guard decoded.utf8.elementsEqual(bytes) else { return nil }
        self = decoded
    }
}
