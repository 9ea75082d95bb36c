import Dispatch
import Foundation
import OTALocalizationsCore

/// Maps a collection on every core (Dispatch's `concurrentPerform`), keeping the input order in the result.
///
/// Used for per-module work (reading, compiling and parsing tables, building ZIPs), which shares no state.
package enum ParallelMap {
    /// `transform` applied to each element; the first error thrown (in input order) is rethrown.
    package static func map<Input: Sendable, Output: Sendable>(
        _ inputs: [Input], _ transform: @Sendable (Input) throws -> Output
    ) throws -> [Output] {
        let results = ResultSlots<Output>(count: inputs.count)
        DispatchQueue.concurrentPerform(iterations: inputs.count) { index in
            results.set(index, Result { try transform(inputs[index]) })
        }
        return try results.values()
    }
}

extension ParallelMap {
    /// `transform` applied to each element, for transforms that cannot fail.
    package static func map<Input: Sendable, Output: Sendable>(
        _ inputs: [Input], _ transform: @Sendable (Input) -> Output
    ) -> [Output] {
        let results = ResultSlots<Output>(count: inputs.count)
        DispatchQueue.concurrentPerform(iterations: inputs.count) { index in
            results.set(index, .success(transform(inputs[index])))
        }
        // concurrentPerform returns only after every iteration ran, so every slot holds a value.
        return results.filled()
    }
}

/// Result slots written from several threads, each slot once, behind a lock.
private final class ResultSlots<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Result<Value, any Error>?]

    package init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    package func set(_ index: Int, _ result: Result<Value, any Error>) {
        lock.lock()
        slots[index] = result
        lock.unlock()
    }

    package func filled() -> [Value] {
        lock.lock()
        defer { lock.unlock() }
        return slots.compactMap { try? $0?.get() }
    }

    package func values() throws -> [Value] {
        lock.lock()
        defer { lock.unlock() }
        return try slots.map { slot in
            guard let slot else { throw CancellationError() }
            return try slot.get()
        }
    }
}
