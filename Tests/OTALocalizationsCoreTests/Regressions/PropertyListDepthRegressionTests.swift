import Foundation
import OTATestSupport
import Testing

@testable import OTALocalizationsCore

/// Deeply nested property lists are refused before they exhaust a 512 KiB stack (Apple's secondary-thread size).
///
/// Found while fuzzing the `.stringsdict` reader (docs/fuzzing.md): libFuzzer runs on the 8 MiB main thread, but
/// the app parses downloaded tables on Swift concurrency threads, which have 512 KiB on Apple platforms. With the
/// former cap of 512 levels, a 2 KB binary `.stringsdict` of 400 nested arrays (written by Python's `plistlib`)
/// ended in SIGSEGV on such a thread in a release build, and 300 levels did in a debug build. The cap is now 32.
@Suite struct PropertyListDepthRegressionTests {
    /// `levels` containers as Python's `plistlib` writes them: nested arrays (binary) or nested dicts (XML).
    private func nested(_ levels: Int, binary: Bool) throws -> Data {
        let script = """
            import plistlib, sys
            sys.setrecursionlimit(100000)
            levels, binary = int(sys.argv[1]), sys.argv[2] == "binary"
            value = [] if binary else {}
            for _ in range(levels - 1):
                value = [value] if binary else {"k": value}
            sys.stdout.buffer.write(plistlib.dumps(value, fmt=plistlib.FMT_BINARY if binary else plistlib.FMT_XML))
            """
        return try ProcessRunner.pythonBlocking(script, [String(levels), binary ? "binary" : "xml"])
    }

    /// Runs `body` on a new thread with a 512 KiB stack, as on an Apple secondary thread.
    private func onAppleSizedStack<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
        let result = ResultBox<T>()
        let finished = DispatchSemaphore(value: 0)
        let thread = Thread {
            result.value = body()
            finished.signal()
        }
        thread.stackSize = 512 * 1024
        thread.start()
        finished.wait()
        return result.value!
    }

    private func parseCode(_ data: Data) -> String {
        onAppleSizedStack {
            do {
                _ = try StringsDictParser.parse(data, path: "deep.stringsdict")
                return "ok"
            } catch let error as TableError {
                return error.code.rawValue
            } catch {
                return "other: \(error)"
            }
        }
    }

    @Test func binaryListOfFourHundredLevelsIsRefusedOnA512KiBStack() throws {
        let data = try nested(400, binary: true)
        #expect(data.count < 2100)
        #expect(parseCode(data) == "property-list")
    }

    @Test func xmlListOfFiveHundredTwelveDictionariesIsRefusedOnA512KiBStack() throws {
        #expect(parseCode(try nested(512, binary: false)) == "property-list")
    }

    @Test func thirtyTwoLevelsParseOnA512KiBStackAndThirtyThreeAreRefused() throws {
        // Root dictionaries, so a parsed list is a valid stringsdict container.
        #expect(parseCode(try nested(32, binary: false)) == "ok")
        #expect(parseCode(try nested(33, binary: false)) == "property-list")
        // Binary: 32 arrays parse, then the root is not a dictionary (structure), 33 are refused while reading.
        #expect(parseCode(try nested(32, binary: true)) == "structure")
        #expect(parseCode(try nested(33, binary: true)) == "property-list")
    }
}

/// A value handed from the parsing thread back to the test, written once before the semaphore is signalled.
private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}
