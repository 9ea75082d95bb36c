extension PackagerError {
    /// `configuration` for ``PublishOptions/cloudFrontDistribution`` (`distribution`, nil when the problem is not its
    /// value): `CloudFront distribution <problem>`.
    static func cloudFrontDistribution(_ distribution: String?, _ problem: String) -> PackagerError {
        PackagerError(
            code: .configuration, reason: "CloudFront distribution \(problem)", field: .cloudFrontDistribution,
            facts: Facts(value: distribution, problem: problem))
    }
}
