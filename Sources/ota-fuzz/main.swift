import Foundation

// ota-fuzz: libFuzzer targets for the parsers of OTALocalizationsCore (docs/fuzzing.md).
//
//   OTA_FUZZ_TARGET=<zip|strings|stringsdict|manifest> ota-fuzz [libFuzzer flags] [corpus folders or files]
//   ota-fuzz <target> [libFuzzer flags] [corpus folders or files]
//
// Built with `-sanitize=fuzzer,address` (Scripts/fuzz.sh), libFuzzer's driver runs: SwiftPM makes Swift's top
// level the program's `main`, so the driver is found with `dlsym` and called from here (docs/fuzzing.md, "How
// `ota-fuzz` runs under SwiftPM"). In a plain build the driver is absent and the files given as arguments (or every
// file in the given folders) are replayed through the target, one outcome line each, which is how a crash or regression
// input is re-run.

typealias RunDriver = @convention(c) (
    UnsafeMutablePointer<Int32>,
    UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

var arguments = CommandLine.arguments
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
if arguments.count > 1, let target = FuzzTarget(rawValue: arguments[1]) {
    // The target as first argument: export it for `FuzzTarget.selected` and hide it from libFuzzer.
    setenv(FuzzTarget.environmentVariable, target.rawValue, 1)
    arguments.remove(at: 1)
    let shifted = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: Int(argc))
    shifted[0] = CommandLine.unsafeArgv[0]
    for index in 2..<Int(argc) { shifted[index - 1] = CommandLine.unsafeArgv[index] }
    shifted[Int(argc) - 1] = nil
    argc -= 1
    argv = shifted
}

guard let target = FuzzTarget.selected else {
    let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")
    FileHandle.standardError.write(Data("usage: OTA_FUZZ_TARGET=<\(names)> ota-fuzz [libFuzzer flags] [corpus...]\n       ota-fuzz <\(names)> [files or folders to replay...]\n".utf8))
    exit(2)
}

// The handle that searches every loaded image: `RTLD_DEFAULT`, which is `((void *) -2)` in Darwin's <dlfcn.h> (a nil
// handle is not that search there, dlsym(3)) and `((void *) 0)` in glibc's, which Swift does not import.
#if canImport(Darwin)
let everyLoadedImage = UnsafeMutableRawPointer(bitPattern: -2)
#else
let everyLoadedImage: UnsafeMutableRawPointer? = nil
#endif
if let driver = dlsym(everyLoadedImage, "LLVMFuzzerRunDriver") {
    exit(unsafeBitCast(driver, to: RunDriver.self)(&argc, &argv) { bytes, count in fuzzOneInput(bytes, count) })
}

// Not a fuzzer build: replay files.
let inputs = arguments.dropFirst().filter { !$0.hasPrefix("-") }
guard !inputs.isEmpty else {
    FileHandle.standardError.write(Data("ota-fuzz: not built with -sanitize=fuzzer; give files or folders to replay through '\(target.rawValue)'\n".utf8))
    exit(2)
}
var files: [String] = []
for input in inputs {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory) else {
        FileHandle.standardError.write(Data("ota-fuzz: no such file: \(input)\n".utf8))
        exit(2)
    }
    if isDirectory.boolValue {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: input)) ?? []
        for name in names.sorted() {
            let path = (input as NSString).appendingPathComponent(name)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue { files.append(path) }
        }
    } else {
        files.append(input)
    }
}
// OTA_FUZZ_STACK_KB=<n> replays on a thread with an n KiB stack (512 is Darwin's default for secondary threads).
let stackKiB = ProcessInfo.processInfo.environment["OTA_FUZZ_STACK_KB"].flatMap { Int($0) }
for file in files {
    guard let data = FileManager.default.contents(atPath: file) else {
        FileHandle.standardError.write(Data("ota-fuzz: cannot read \(file)\n".utf8))
        exit(2)
    }
    guard let stackKiB else {
        print("\(file): \(target.run(data))")
        continue
    }
    let finished = DispatchSemaphore(value: 0)
    let thread = Thread {
        print("\(file): \(target.run(data))")
        finished.signal()
    }
    thread.stackSize = stackKiB * 1024
    thread.start()
    finished.wait()
}
