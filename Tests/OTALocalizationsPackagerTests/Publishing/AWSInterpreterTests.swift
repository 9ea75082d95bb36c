import Foundation
import OTATestSupport
import Testing
@testable import OTALocalizationsPackager

/// Which `aws` executables can run several commands in one process: a Python script that runs `awscli.clidriver` (AWS
/// CLI version 1, as PyPI installs it), read from its `#!` line; nothing else (version 2's compiled program, a shell
/// shim such as pyenv's).
@Suite struct AWSInterpreterTests {
    private func interpreter(of text: String) throws -> AWSInterpreter? {
        let folder = try TemporaryDirectory("aws-interpreter")
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("aws")
        try Data(text.utf8).write(to: file)
        return AWSInterpreter.of(file)
    }

    @Test func recognisesAPipInstalledVersion1Script() throws {
        // The script PyPI's awscli installs, with its interpreter on the #! line.
        let script = "#!/bin/sh\nimport sys\nimport os\nimport awscli.clidriver\n\ndef main():\n    return awscli.clidriver.main()\n"
        #expect(try interpreter(of: script) == AWSInterpreter(executable: URL(fileURLWithPath: "/bin/sh"), arguments: []))
    }

    @Test func keepsTheOneArgumentOfAnEnvLine() throws {
        let script = "#!/usr/bin/env python3\nimport awscli.clidriver\n"
        #expect(try interpreter(of: script) == AWSInterpreter(executable: URL(fileURLWithPath: "/usr/bin/env"), arguments: ["python3"]))
    }

    @Test func refusesAShellShimAndARelativeOrMissingInterpreter() throws {
        #expect(try interpreter(of: "#!/usr/bin/env bash\nset -e\nexec \"$(pyenv which aws)\" \"$@\"\n") == nil)
        #expect(try interpreter(of: "#!python3\nimport awscli.clidriver\n") == nil)
        #expect(try interpreter(of: "#!/no/such/python3\nimport awscli.clidriver\n") == nil)
    }

    @Test func refusesACompiledProgram() {
        #expect(AWSInterpreter.of(URL(fileURLWithPath: "/bin/sh")) == nil)
    }
}
