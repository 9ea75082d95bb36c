import OTALocalizationsCore
import Testing

/// The published format's size limits, as docs/signing.md ("Sizes") and docs/operations.md ("Limits and deadlines")
/// state them; the service, `verify` and the CLI all read with these.
@Suite struct ManifestSizeLimitTests {
    @Test func theLimitsAreTheDocumentedOnes() {
        #expect(Manifest.maximumBytes == 4_194_304)
        #expect(ManifestEnvelope.maximumBytes == 6_291_456)
        #expect(IndexParts.maximumInflatedBytes == Manifest.maximumBytes)
        // docs/design.md, the index's `parts`: "at most 4,259,840 bytes".
        #expect(IndexParts.maximumPartSize == 4_259_840)
    }

    /// The base64 of the largest payload (4 characters for every 3 bytes, rounded up) fits in the largest envelope.
    @Test func theLargestPayloadFitsTheLargestEnvelopeOnceEncoded() {
        #expect((Manifest.maximumBytes + 2) / 3 * 4 < ManifestEnvelope.maximumBytes)
    }
}
