import Foundation

/// The Python interpreter of an AWS CLI version 1 `aws` executable: a Python script (PyPI's `awscli`) whose `#!` line
/// names the interpreter and which runs `awscli.clidriver`, the CLI's own entry point. Such a CLI can run several
/// commands in one process (``AWSSession``), which saves its start-up (about half a second of CPU each, mostly
/// imports) on every command after the first. Version 2 is a compiled program: it has none, and each command is its
/// own process.
struct AWSInterpreter: Sendable, Hashable {
    /// The interpreter's path, from the `#!` line.
    var executable: URL
    /// The interpreter's arguments from the `#!` line (`python3` for `#!/usr/bin/env python3`), at most one.
    var arguments: [String]

    /// The environment variable that, set to `0`, runs every AWS CLI command in a process of its own.
    static let sessionVariable = "OTA_AWS_CLI_SESSION"

    /// How many bytes of the executable are read to recognise it.
    private static let maximumHeaderBytes = 4096

    /// The interpreter of the `aws` at `url`, nil when it is not a Python script that runs `awscli.clidriver` (or its
    /// interpreter is not an executable file).
    static func of(_ url: URL) -> AWSInterpreter? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        guard let header = try? handle.read(upToCount: maximumHeaderBytes), header.starts(with: Data("#!".utf8)) else { return nil }
        let text = String(decoding: header, as: UTF8.self)
        guard text.contains("awscli.clidriver"), let line = text.dropFirst(2).split(separator: "\n", maxSplits: 1).first else { return nil }
        let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard let path = words.first, path.hasPrefix("/"), words.count <= 2, FileManager.default.isExecutableFile(atPath: path) else {
            return nil
        }
        return AWSInterpreter(executable: URL(fileURLWithPath: path), arguments: Array(words.dropFirst()))
    }
}
