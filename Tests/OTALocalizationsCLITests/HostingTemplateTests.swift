import Foundation
import OTATestSupport
import Testing

/// Examples/Hosting/cloudformation.yaml beyond what the quick start deploys: cfn-lint passes it with its informational
/// rules on, the bucket outlives the stack, a missing file is a 404 without the distribution listing the bucket, and the
/// CI role docs/ci.md assumes is trusted only for the repository's environment and may do only what publishing needs.
@Suite struct HostingTemplateTests {
    /// cfn-lint (PyPI's `cfn-lint`, which Scripts/test installs) with `--include-checks I`, whose I3042 flags an ARN
    /// with a hard-coded partition: nothing to report, exit status 0.
    @Test func cfnLintFindsNothingIncludingInformationalRules() async throws {
        let version = try await ExternalTool.run(HostingTemplate.cfnLintExecutable, ["--version"])
        try #require(version.status == 0, "cfn-lint is not installed at \(HostingTemplate.cfnLintExecutable) (run Scripts/test): \(version.stderr)")
        #expect(version.stdout.hasPrefix("cfn-lint 1."), "\(version.stdout)")

        let lint = try await ExternalTool.run(HostingTemplate.cfnLintExecutable, ["--include-checks", "I", "--", HostingTemplate.path])

        #expect(lint.status == 0 && lint.stdout == "" && lint.stderr == "", "exit \(lint.status)\n\(lint.stdout)\(lint.stderr)")
    }

    /// The bucket holds what every installed app version reads: deleting the stack or replacing the resource keeps it
    /// (AWS CloudFormation User Guide, "DeletionPolicy attribute" and "UpdateReplacePolicy attribute").
    @Test func theBucketIsRetainedWhenTheStackIsDeletedOrTheBucketReplaced() async throws {
        let object = try await HostingTemplate.object()
        let bucket = try #require((object["Resources"] as? [String: Any])?["StringsBucket"] as? [String: Any])
        #expect(bucket["DeletionPolicy"] as? String == "Retain")
        #expect(bucket["UpdateReplacePolicy"] as? String == "Retain")
    }

    /// Without `s3:ListBucket` S3 answers a missing key with 403, so the distribution answers S3's 403 with a 404 (and
    /// the page /not-found.txt), never cached, which clients and ci.md's jobs read as "not published".
    @Test func aMissingFileIsA404WithoutTheDistributionListingTheBucket() async throws {
        let object = try await HostingTemplate.object()
        let policy = try #require(HostingTemplate.properties("BucketPolicy", in: object)["PolicyDocument"] as? NSDictionary)
        let actions = (policy["Statement"] as? [NSDictionary] ?? []).map { $0["Action"] as? String ?? "\($0["Action"] ?? "")" }
        #expect(actions == ["s3:GetObject"])
        let config = try #require(HostingTemplate.properties("Distribution", in: object)["DistributionConfig"] as? NSDictionary)
        #expect(config["CustomErrorResponses"] as? [NSDictionary] == [
            ["ErrorCode": 403, "ResponseCode": 404, "ResponsePagePath": "/not-found.txt", "ErrorCachingMinTTL": 0],
        ])
        #expect(config["DefaultRootObject"] == nil)
    }

    /// The GitHub OIDC provider is made only when the repository is given and the account has none yet; the role trusts
    /// GitHub's tokens for that repository's environment only, and may list the prefix, read and write under it, and
    /// invalidate this distribution: no delete, no other bucket, no partition written out.
    @Test func theCIRoleIsTrustedOnlyForTheRepositorysEnvironmentAndMayOnlyPublish() async throws {
        let object = try await HostingTemplate.object()
        let parameters = try #require(object["Parameters"] as? [String: [String: Any]])
        #expect(parameters["GitHubRepository"]?["Default"] as? String == "")
        #expect(parameters["GitHubEnvironment"]?["Default"] as? String == "strings")
        #expect(parameters["GitHubOIDCProviderArn"]?["Default"] as? String == "")
        #expect(parameters["Prefix"]?["Default"] as? String == "ios")
        let conditions = try #require(object["Conditions"] as? NSDictionary)
        #expect(conditions["MakesPublishRole"] as? NSDictionary == ["Fn::Not": [["Fn::Equals": [["Ref": "GitHubRepository"], ""]]]])
        #expect(conditions["MakesOIDCProvider"] as? NSDictionary
            == ["Fn::And": [["Fn::Condition": "MakesPublishRole"], ["Fn::Equals": [["Ref": "GitHubOIDCProviderArn"], ""]]]])

        let resources = try #require(object["Resources"] as? [String: [String: Any]])
        #expect(resources["GitHubOIDCProvider"]?["Condition"] as? String == "MakesOIDCProvider")
        #expect(resources["PublishRole"]?["Condition"] as? String == "MakesPublishRole")
        let provider = HostingTemplate.properties("GitHubOIDCProvider", in: object)
        #expect(provider["Url"] as? String == "https://token.actions.githubusercontent.com")
        #expect(provider["ClientIdList"] as? [String] == ["sts.amazonaws.com"])

        // The trust policy: GitHub's tokens, for sts.amazonaws.com, from the repository's environment only.
        let role = HostingTemplate.properties("PublishRole", in: object)
        let trust = try #require((role["AssumeRolePolicyDocument"] as? NSDictionary)?["Statement"] as? [NSDictionary])
        #expect(trust.count == 1)
        #expect(trust.first?["Action"] as? String == "sts:AssumeRoleWithWebIdentity")
        #expect((trust.first?["Principal"] as? NSDictionary)?["Federated"] as? NSDictionary
            == ["Fn::If": ["MakesOIDCProvider", ["Ref": "GitHubOIDCProvider"], ["Ref": "GitHubOIDCProviderArn"]]])
        #expect(trust.first?["Condition"] as? NSDictionary == ["StringEquals": [
            "token.actions.githubusercontent.com:aud": "sts.amazonaws.com",
            "token.actions.githubusercontent.com:sub": ["Fn::Sub": "repo:${GitHubRepository}:environment:${GitHubEnvironment}"],
        ]])

        // Its permissions: what publish, promote, rollout and verify s3:// call (docs/hosting.md), and nothing else.
        let policies = try #require(role["Policies"] as? [NSDictionary])
        #expect(policies.count == 1)
        let statements = try #require((policies.first?["PolicyDocument"] as? NSDictionary)?["Statement"] as? [NSDictionary])
        #expect(statements.map { $0["Action"] as? String ?? ($0["Action"] as? [String])?.joined(separator: ",") ?? "" }
            == ["s3:ListBucket", "s3:GetObject,s3:PutObject", "cloudfront:CreateInvalidation"])
        #expect(statements.allSatisfy { $0["Effect"] as? String == "Allow" })
        #expect(statements.map { $0["Resource"] as? NSDictionary } == [
            ["Fn::Sub": "arn:${AWS::Partition}:s3:::${StringsBucket}"],
            ["Fn::Sub": "arn:${AWS::Partition}:s3:::${StringsBucket}/${Prefix}/*"],
            ["Fn::Sub": "arn:${AWS::Partition}:cloudfront::${AWS::AccountId}:distribution/${Distribution}"],
        ])
        #expect(statements.first?["Condition"] as? NSDictionary == ["StringLike": ["s3:prefix": ["Fn::Sub": "${Prefix}/*"]]])
        #expect(statements.dropFirst().allSatisfy { $0["Condition"] == nil })

        let outputs = try #require(object["Outputs"] as? [String: [String: Any]])
        #expect(outputs["PublishRoleArn"]?["Value"] as? NSDictionary == ["Fn::GetAtt": "PublishRole.Arn"])
        #expect(outputs["PublishRoleArn"]?["Condition"] as? String == "MakesPublishRole")
    }
}
