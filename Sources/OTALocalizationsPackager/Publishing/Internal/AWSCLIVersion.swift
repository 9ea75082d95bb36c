import Foundation

/// An AWS CLI version as `aws --version` prints it (`aws-cli/1.36.10 Python/3.11.7 ...`, `aws-cli/2.22.5 Python/...`),
/// and the oldest one of each major version that has every option S3 publishing passes.
///
/// The minimums are those of the AWS CLI's own changelog (`.changes/<version>.json` in aws/aws-cli): `s3 cp
/// --checksum-algorithm` came in 1.35.0 and 2.18.0 ("Adds --checksum-mode and --checksum-algorithm parameters to
/// high-level s3 commands"), `s3api put-object --if-none-match` with S3's conditional writes (2024-08-20), and
/// `--if-match` in 1.36.10 and 2.22.5 ("Add support for ETag based conditional writes in PutObject", 2024-11-25).
struct AWSCLIVersion: Comparable, Sendable, CustomStringConvertible {
    var major: Int
    var minor: Int
    var patch: Int

    /// The oldest version 1 with `--checksum-algorithm` on `s3 cp` and `--if-match` on `s3api put-object`.
    static let minimumVersion1 = AWSCLIVersion(major: 1, minor: 36, patch: 10)
    /// The oldest version 2 with both.
    static let minimumVersion2 = AWSCLIVersion(major: 2, minor: 22, patch: 5)
    /// Both minimums, as the messages and docs state them.
    static let requirement = "\(minimumVersion1) or later (version 1), or \(minimumVersion2) or later (version 2)"

    /// The version in `aws --version`'s output, nil when it has no `aws-cli/<major>.<minor>.<patch>` word.
    init?(versionOutput: String) {
        guard let word = versionOutput.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" })
            .first(where: { $0.hasPrefix("aws-cli/") }) else { return nil }
        let numbers = word.dropFirst("aws-cli/".count).split(separator: ".").map { Int($0.prefix { $0.isNumber }) }
        guard numbers.count >= 3, let major = numbers[0], let minor = numbers[1], let patch = numbers[2] else { return nil }
        self.init(major: major, minor: minor, patch: patch)
    }

    init(major: Int, minor: Int, patch: Int) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// The minimum of this version's major version.
    var minimum: AWSCLIVersion { major >= 2 ? Self.minimumVersion2 : Self.minimumVersion1 }

    var description: String { "\(major).\(minor).\(patch)" }

    static func < (lhs: AWSCLIVersion, rhs: AWSCLIVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }
}
