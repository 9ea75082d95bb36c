import Foundation

/// The AWS CLI (`aws`), run as a child process so that every credential source it knows (environment variables,
/// profiles, SSO, web identity tokens in CI, instance roles) and `--endpoint-url`/`AWS_ENDPOINT_URL` work as they do
/// for the team's own commands. Nothing here signs requests.
///
/// Found as `$OTA_AWS_CLI` when set, else `aws` on `PATH`. Output is always asked for as JSON and the pager is off
/// (`AWS_PAGER=""`), so a user's `output = text` or pager setting changes nothing; `AWS_REGION` alone also sets
/// `AWS_DEFAULT_REGION`, which is all version 1 reads. Version 1 (a Python script) runs the commands of a run in a
/// session, one process that imported the CLI once (``AWSSessionPool``); version 2 runs one process per command.
struct AWSCommandLine {
    /// The environment variable naming the `aws` executable.
    static let environmentVariable = "OTA_AWS_CLI"

    let executable: URL
    let environment: [String: String]
    /// The Python interpreter that runs `executable` (AWS CLI version 1), when commands may share a process
    /// (``AWSSessionPool``); nil for version 2, or when `$OTA_AWS_CLI_SESSION` is `0`.
    let interpreter: AWSInterpreter?

    /// - Throws: ``PackagerError`` `toolMissing` saying how to install the CLI when it cannot be found.
    init(environment: [String: String]) throws(PackagerError) {
        var environment = environment
        environment["AWS_PAGER"] = ""
        // AWS CLI v1 reads the region from AWS_DEFAULT_REGION only ("You must specify a region"); v2 reads AWS_REGION
        // first. A job that sets AWS_REGION alone gets the same region from both.
        if environment["AWS_DEFAULT_REGION"]?.isEmpty ?? true, let region = environment["AWS_REGION"], !region.isEmpty {
            environment["AWS_DEFAULT_REGION"] = region
        }
        self.environment = environment
        if let path = environment[Self.environmentVariable], !path.isEmpty {
            guard FileManager.default.isExecutableFile(atPath: path) else {
                throw PackagerError(code: .toolMissing, reason: "\(Self.environmentVariable) \(path): not an executable file; point it at the aws command, or unset it to use aws from PATH")
            }
            executable = URL(fileURLWithPath: path)
            interpreter = Self.sessionInterpreter(executable, environment: environment)
            try checkVersion()
            return
        }
        let directories = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":").map(String.init)
        guard let found = directories.map({ URL(fileURLWithPath: $0).appendingPathComponent("aws") })
            .first(where: { FileManager.default.isExecutableFile(atPath: $0.path) })
        else {
            throw PackagerError(
                code: .toolMissing,
                reason: "the AWS CLI ('aws') is not on PATH; S3 destinations are written through it. Install it (AWS's "
                    + "installer for CLI v2, 'pip install awscli', or 'brew install awscli'), or set \(Self.environmentVariable) to its path")
        }
        executable = found
        interpreter = Self.sessionInterpreter(found, environment: environment)
        try checkVersion()
    }

    /// The executables whose version this process has checked and found new enough (or could not tell).
    private static let checkedExecutables = CheckedExecutables()

    /// Runs `aws --version` once per executable and process (in the run's session when there is one, so it costs no
    /// start of its own), and stops when it is older than ``AWSCLIVersion/minimum``: the first upload would otherwise
    /// fail with `Unknown options: --checksum-algorithm`. A version it cannot run or read is let through (the
    /// commands' own errors then say more).
    ///
    /// - Throws: ``PackagerError`` `toolTooOld` naming the version found, the one needed and how to upgrade.
    private func checkVersion() throws(PackagerError) {
        guard !Self.checkedExecutables.contains(executable.path) else { return }
        // Version 1 prints its version on standard output, versions before Python 3.4's argparse on standard error.
        let result = try run(["--version"])
        let output = String(decoding: result.stdout, as: UTF8.self) + "\n" + result.stderr
        if let found = AWSCLIVersion(versionOutput: output), found < found.minimum {
            throw PackagerError(
                code: .toolTooOld,
                reason: "the AWS CLI at \(executable.path) is version \(found); S3 publishing needs \(found.minimum) or "
                    + "later (for the SHA-256 checksums of its uploads and its conditional writes). Upgrade it (pip install "
                    + "-U awscli, or AWS's installer for version 2), or set \(Self.environmentVariable) to a newer aws")
        }
        Self.checkedExecutables.insert(executable.path)
    }

    private static func sessionInterpreter(_ executable: URL, environment: [String: String]) -> AWSInterpreter? {
        environment[AWSInterpreter.sessionVariable] == "0" ? nil : AWSInterpreter.of(executable)
    }

    struct Run {
        var status: Int32
        var stdout: Data
        var stderr: String
        /// Whether the service answered 404 / NoSuchKey / NotFound.
        var isNotFound: Bool {
            stderr.contains("(404)") || stderr.contains("NoSuchKey") || stderr.contains("Not Found")
        }
    }

    /// Runs `aws <arguments> --output json` and waits: in a session (``AWSSessionPool``) when the CLI is version 1, else
    /// in a process of its own. Its output goes to files in `scratch` (a scratch folder of its own when nil, removed
    /// before this returns), so a run killed meanwhile leaves them where the next run removes them.
    ///
    /// A session that ends while it runs the command (the command may have run) is an error for a conditional write;
    /// any other command then runs again in a process of its own (``mayRunTwice(_:)``).
    ///
    /// - Throws: ``PackagerError`` `publishFailed` when the process cannot be started, or its session ended while it
    ///   ran a conditional write.
    func run(_ arguments: [String], in scratch: ScratchFolder? = nil) throws(PackagerError) -> Run {
        let folder: ScratchFolder
        if let scratch { folder = scratch } else { folder = try ScratchFolder.make() }
        defer { if scratch == nil { folder.remove() } }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments + ["--output", "json"]
        process.environment = environment
        let name = UUID().uuidString
        // Files, not pipes: nothing can fill up, and a killed parent leaves nothing blocked.
        let outFile = folder.file("\(name).out")
        let errFile = folder.file("\(name).err")
        defer {
            try? FileManager.default.removeItem(at: outFile)
            try? FileManager.default.removeItem(at: errFile)
        }
        _ = FileManager.default.createFile(atPath: outFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errFile.path, contents: nil)
        if let interpreter {
            do {
                if let status = try AWSSessionPool.shared.run(
                    process.arguments ?? [], interpreter: interpreter, environment: environment, stdout: outFile, stderr: errFile) {
                    return Self.result(status, stdout: outFile, stderr: errFile)
                }
            } catch {
                // The session ended while it ran the command, which may have run: a command that may run twice runs
                // again in a process of its own, with empty output files.
                guard Self.mayRunTwice(arguments) else { throw error }
                _ = FileManager.default.createFile(atPath: outFile.path, contents: nil)
                _ = FileManager.default.createFile(atPath: errFile.path, contents: nil)
            }
        }
        do {
            process.standardOutput = try FileHandle(forWritingTo: outFile)
            process.standardError = try FileHandle(forWritingTo: errFile)
            process.standardInput = FileHandle.nullDevice
            try process.run()
        } catch {
            throw PackagerError(code: .publishFailed, reason: "\(executable.path): cannot be run (\(error.localizedDescription))")
        }
        process.waitUntilExit()
        return Self.result(process.terminationStatus, stdout: outFile, stderr: errFile)
    }

    /// Whether running `arguments` a second time leaves what one run leaves: every command the publish runs but a
    /// conditional write (`--if-match`, `--if-none-match`), whose second run would be refused as a conflict with the
    /// first. Reads, uploads of the same bytes to the same keys, deletes and invalidations may run twice.
    static func mayRunTwice(_ arguments: [String]) -> Bool {
        !arguments.contains("--if-match") && !arguments.contains("--if-none-match")
    }

    private static func result(_ status: Int32, stdout: URL, stderr: URL) -> Run {
        Run(
            status: status, stdout: FileManager.default.contents(atPath: stdout.path) ?? Data(),
            stderr: String(decoding: FileManager.default.contents(atPath: stderr.path) ?? Data(), as: UTF8.self))
    }

    /// `aws <arguments>` that must succeed; returns its JSON output as an object (empty when it printed nothing).
    ///
    /// - Parameter what: what the call does, for the error (`PUT s3://b/k`).
    /// - Throws: ``PackagerError`` `publishFailed` with the CLI's own message.
    func object(_ arguments: [String], what: String, in scratch: ScratchFolder? = nil) throws(PackagerError) -> [String: Any] {
        let result = try run(arguments, in: scratch)
        guard result.status == 0 else { throw failure(result, what: what) }
        guard !result.stdout.isEmpty else { return [:] }
        guard let object = (try? JSONSerialization.jsonObject(with: result.stdout)) as? [String: Any] else {
            throw PackagerError(code: .publishFailed, reason: "\(what): aws printed something that is not a JSON object")
        }
        return object
    }

    /// The error for a failed call, with the CLI's last non-empty line and what to check: the CLI's version when it did
    /// not know an option or command of the call (`Unknown options: --checksum-algorithm`, `invalid choice`), else the
    /// credentials, region and permissions.
    func failure(_ result: Run, what: String) -> PackagerError {
        var line = result.stderr.split(separator: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? "no message"
        while line.hasSuffix(".") { line.removeLast() }
        if let unknown = Self.unknownOption(in: result.stderr) {
            return PackagerError(
                code: .toolTooOld,
                reason: "\(what): aws exited with status \(result.status): \(line). The AWS CLI at \(executable.path) is "
                    + "too old for \(unknown); S3 publishing needs \(AWSCLIVersion.requirement). Upgrade it (pip install "
                    + "-U awscli, or AWS's installer for version 2), or set \(Self.environmentVariable) to a newer aws")
        }
        return PackagerError(
            code: .publishFailed,
            reason: "\(what): aws exited with status \(result.status): \(line). Check the credentials and region 'aws' uses "
                + "here (aws sts get-caller-identity) and its permissions on the bucket or distribution")
    }

    /// What the CLI said it does not know: the first option after `Unknown options:` (`--checksum-algorithm`), or
    /// "a command or option of this call" for argparse's `invalid choice`; nil when it said neither.
    static func unknownOption(in stderr: String) -> String? {
        if let range = stderr.range(of: "Unknown options:") {
            let option = stderr[range.upperBound...].split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\n" }).first
            return option.map { "'\($0)'" } ?? "an option of this call"
        }
        if stderr.range(of: "invalid choice", options: .caseInsensitive) != nil {
            return "a command or option of this call"
        }
        return nil
    }
}

/// Paths of executables already checked, shared by the threads of one run.
private final class CheckedExecutables: @unchecked Sendable {
    private let lock = NSLock()
    private var paths: Set<String> = []

    func contains(_ path: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return paths.contains(path)
    }

    func insert(_ path: String) {
        lock.lock()
        defer { lock.unlock() }
        paths.insert(path)
    }
}
