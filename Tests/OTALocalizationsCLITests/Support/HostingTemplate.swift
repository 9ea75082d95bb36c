import Foundation
import OTATestSupport
import Testing

/// Examples/Hosting/cloudformation.yaml as the tests read it: parsed by PyYAML (moto's, which parses templates with it),
/// CloudFormation's short tags turned into their long form (`!Ref X` is `{"Ref": "X"}`, `!Sub s` is `{"Fn::Sub": s}`),
/// and linted by cfn-lint.
enum HostingTemplate {
    static let path = TestPaths.packageRoot.appendingPathComponent("Examples/Hosting/cloudformation.yaml").path

    /// `$OTA_TEST_CFN_LINT`, else `.build/python/cfn-lint/bin/cfn-lint` (Scripts/test installs it).
    static var cfnLintExecutable: String {
        ProcessInfo.processInfo.environment["OTA_TEST_CFN_LINT"].flatMap { $0.isEmpty ? nil : $0 }
            ?? TestPaths.packageRoot.appendingPathComponent(".build/python/cfn-lint/bin/cfn-lint").path
    }

    /// The template as a JSON object.
    static func object() async throws -> [String: Any] {
        let python = URL(fileURLWithPath: MotoServer.motoExecutable).deletingLastPathComponent().appendingPathComponent("python").path
        let reader = """
            import json, sys, yaml
            class Loader(yaml.SafeLoader): pass
            def tag(loader, suffix, node):
                name = "Ref" if suffix == "Ref" else "Fn::" + suffix
                if isinstance(node, yaml.ScalarNode): value = loader.construct_scalar(node)
                elif isinstance(node, yaml.SequenceNode): value = loader.construct_sequence(node, deep=True)
                else: value = loader.construct_mapping(node, deep=True)
                return {name: value}
            Loader.add_multi_constructor("!", tag)
            print(json.dumps(yaml.load(open(sys.argv[1]), Loader=Loader)))
            """
        let result = try await ExternalTool.run(python, ["-c", reader, path])
        try #require(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    /// The resource `name`'s `Properties`.
    static func properties(_ name: String, in object: [String: Any]) -> NSDictionary {
        ((object["Resources"] as? [String: Any])?[name] as? [String: Any])?["Properties"] as? NSDictionary ?? [:]
    }
}
