import Foundation
import Testing
@testable import OTALocalizationsPackager

/// The AWS CLI's version as `aws --version` prints it, against the first versions with every option S3
/// publishing passes (aws/aws-cli `.changes/1.35.0.json`, `2.18.0.json`: `--checksum-algorithm` on `s3 cp`;
/// `1.36.10.json`, `2.22.5.json`: `--if-match` on `s3api put-object`).
@Suite struct AWSCLIVersionTests {
    @Test(arguments: [
        ("aws-cli/1.29.0 Python/3.11.4 Linux/5.15.0 botocore/1.31.0\n", "1.29.0", false),
        ("aws-cli/1.35.0 Python/3.12.1 Darwin/23.1.0 botocore/1.35.34\n", "1.35.0", false),
        ("aws-cli/1.36.9 Python/3.12.1 Darwin/23.1.0 botocore/1.35.68\n", "1.36.9", false),
        ("aws-cli/1.36.10 Python/3.12.1 Darwin/23.1.0 botocore/1.35.69\n", "1.36.10", true),
        ("aws-cli/1.46.3 Python/3.11.7 Linux/6.18.44 botocore/1.43.62\n", "1.46.3", true),
        ("aws-cli/2.18.0 Python/3.12.6 Linux/6.1 exe/x86_64.ubuntu.22\n", "2.18.0", false),
        ("aws-cli/2.22.4 Python/3.12.6 Darwin/24.1.0 source/arm64\n", "2.22.4", false),
        ("aws-cli/2.22.5 Python/3.12.6 Darwin/24.1.0 source/arm64\n", "2.22.5", true),
        ("aws-cli/2.31.12 Python/3.13.7 Linux/6.8 exe/x86_64.amzn.2023\n", "2.31.12", true),
    ])
    func versionsAreReadAndComparedWithTheirMajorVersionsMinimum(_ output: String, _ version: String, _ supported: Bool) throws {
        let found = try #require(AWSCLIVersion(versionOutput: output))
        #expect(found.description == version)
        #expect((found >= found.minimum) == supported)
    }

    @Test(arguments: ["", "aws: command not found\n", "aws-cli/next Python/3\n", "aws-cli/2.22 Python/3\n"])
    func outputWithoutAVersionIsUnknown(_ output: String) {
        #expect(AWSCLIVersion(versionOutput: output) == nil)
    }

    @Test func theRequirementNamesBothMinimums() {
        #expect(AWSCLIVersion.requirement == "1.36.10 or later (version 1), or 2.22.5 or later (version 2)")
    }

    @Test(arguments: [
        ("\nusage: aws [options] <command> <subcommand>\nUnknown options: --checksum-algorithm, SHA256\n", "'--checksum-algorithm'"),
        ("aws: error: Unknown options: --if-match, \"abc\"\n", "'--if-match'"),
        ("aws: error: argument operation: Invalid choice, valid choices are:\n", "a command or option of this call"),
        ("An error occurred (AccessDenied) when calling the PutObject operation: Access Denied\n", nil),
    ])
    func unknownOptionsAreToldApartFromServiceErrors(_ stderr: String, _ expected: String?) {
        #expect(AWSCommandLine.unknownOption(in: stderr) == expected)
    }
}
