import Foundation

/// Results that threads of ``S3Store/inParallel(_:lanes:_:)`` record by name, under a lock.
final class ParallelResults<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: Result<Value, PackagerError>] = [:]

    func set(_ name: String, _ value: Result<Value, PackagerError>) {
        lock.withLock { values[name] = value }
    }

    var all: [String: Result<Value, PackagerError>] {
        lock.withLock { values }
    }
}
