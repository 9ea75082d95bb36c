import Foundation

/// The machine a run measured: CPU model, cores, memory, OS and Swift version.
struct MachineDescription: Sendable {
    var cpuModel: String
    var logicalCores: Int
    var memoryGB: Double
    var operatingSystem: String
    var kernel: String
    var swiftVersion: String
    var date: String

    static func current() -> MachineDescription {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuinfo.split(separator: "\n")
            .first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown"
        let release = (try? String(contentsOfFile: "/etc/os-release", encoding: .utf8)) ?? ""
        let pretty = release.split(separator: "\n").first { $0.hasPrefix("PRETTY_NAME=") }
            .map { String($0.dropFirst("PRETTY_NAME=".count)).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
            ?? ProcessInfo.processInfo.operatingSystemVersionString
        let kernel = ((try? String(contentsOfFile: "/proc/sys/kernel/osrelease", encoding: .utf8)) ?? "")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let swift = (try? Subprocess.run("swift", ["--version"]))
            .map { ($0.stdout + $0.stderr).split(separator: "\n").first { $0.contains("Swift version") } }
            .flatMap { $0 }.map(String.init) ?? "unknown"
        let formatter = ISO8601DateFormatter()
        return MachineDescription(
            cpuModel: model,
            logicalCores: ProcessInfo.processInfo.activeProcessorCount,
            memoryGB: Double(ProcessInfo.processInfo.physicalMemory) / 1_073_741_824,
            operatingSystem: pretty,
            kernel: kernel,
            swiftVersion: swift.trimmingCharacters(in: .whitespaces),
            date: formatter.string(from: Date()))
    }
}
