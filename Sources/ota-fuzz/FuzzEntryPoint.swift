import Foundation

/// The function libFuzzer calls with each input (its `FuzzerMain.o` also needs the symbol to link).
///
/// Runs the target chosen by `OTA_FUZZ_TARGET`; always returns 0 (libFuzzer reserves other values).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let target = FuzzTarget.selected else {
        fatalError("set \(FuzzTarget.environmentVariable) to one of: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    _ = target.run(data)
    return 0
}
