import Foundation

/// Blocking work (a process wait, a pipe read, a poll that sleeps) run on a thread of its own: the caller's task is
/// suspended, and no thread of Swift's cooperative pool (two on a two-core machine) is held while the work blocks.
public enum OwnThread {
    /// Runs `body` on a new thread and returns what it returns, or throws what it throws.
    public static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }

    /// Runs `body`, which cannot throw, on a new thread and returns what it returns.
    public static func run<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: body()) }.start()
        }
    }

    /// Waits for `process` to end on a thread of its own (`Process.waitUntilExit()` blocks its caller).
    public static func waitUntilExit(_ process: Process) async {
        let box = UncheckedBox(process)
        await run { box.value.waitUntilExit() }
    }
}

/// Polls a condition until it holds, suspending the task between polls (never sleeping on a thread).
public enum Poll {
    /// Whether `condition` held within `seconds`: checked at once, then every `interval` seconds.
    @discardableResult
    public static func until(upTo seconds: Double, interval: Double = 0.02, _ condition: () -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() {
            guard Date() < deadline else { return false }
            try? await Task.sleep(nanoseconds: UInt64(interval * 1_000_000_000))
        }
        return true
    }
}

/// A value handed to another thread that the type system cannot see is used by one thread at a time (a `Process`
/// waited on by one thread while no other touches it).
public struct UncheckedBox<Value>: @unchecked Sendable {
    public let value: Value
    public init(_ value: Value) { self.value = value }
}

extension OwnThread {
    /// Reads `handle` to its end (a pipe until every writer closed it) on a thread of its own.
    public static func readToEnd(_ handle: FileHandle) async -> Data {
        let box = UncheckedBox(handle)
        return await run { box.value.readDataToEndOfFile() }
    }
}

extension OwnThread {
    /// Waits until `moment` holds (polled every `interval` seconds, up to `seconds`), then `microseconds` more, then
    /// sends `SIGKILL` to `process` and waits for it to end, all on a thread of its own: a kill timed to an event lands
    /// as close to it on a busy machine as on an idle one, since no task has to be scheduled between the event and
    /// the kill.
    public static func kill(
        _ process: Process, when moment: @escaping @Sendable () -> Bool = { true }, upTo seconds: Double = 30,
        interval: Double = 0.0002, after microseconds: UInt32 = 0
    ) async {
        let box = UncheckedBox(process)
        await run {
            let deadline = Date().addingTimeInterval(seconds)
            while box.value.isRunning, !moment(), Date() < deadline {
                Thread.sleep(forTimeInterval: interval)
            }
            if microseconds > 0 { usleep(microseconds) }
            if box.value.isRunning { _ = Foundation.kill(box.value.processIdentifier, SIGKILL) }
            box.value.waitUntilExit()
        }
    }
}
