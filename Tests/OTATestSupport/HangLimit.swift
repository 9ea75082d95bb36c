import Testing

/// The time limit of the tests that can hang (a stuck transport, a blocked lock), written `@Test(HangLimit.tenMinutes)`.
///
/// It is `.timeLimit(.minutes(10))` wherever Swift Testing has that trait: every Linux toolchain and macOS 13 / iOS 16
/// and later, so every CI machine. On macOS 12 the trait does not exist (`Scripts/apple-availability`), and these tests
/// run without a limit there. Ten minutes only catches a hang: a test's time counts from its start while a thousand
/// others share two cores (docs/testing.md).
public enum HangLimit {
    public static var tenMinutes: any TestTrait {
        if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
            return .timeLimit(.minutes(10))
        }
        return NoLimit()
    }

    /// A trait that changes nothing.
    private struct NoLimit: TestTrait {}
}
