import Testing

/// Starts one moto server for the suite it is given to (``S3IntegrationTests``) and stops it when the suite ends;
/// the suite's tests reach it through ``MotoServer/session()``.
struct SharedMotoServer: SuiteTrait, TestScoping {
    /// Once for the suite, not once per test: the server is shared.
    var isRecursive: Bool { false }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let server = try MotoServer()
        defer { server.stop() }
        try await MotoServer.$shared.withValue(server) { try await function() }
    }
}

extension Trait where Self == SharedMotoServer {
    /// One moto server for the suite's tests (``SharedMotoServer``).
    static var sharedMotoServer: Self { SharedMotoServer() }
}
