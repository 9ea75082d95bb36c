import Foundation
import OTALocalizationsPackager

/// Writing the file `--write-baseline` names, for `validate` and `lint-sources`.
enum BaselineFile {
    /// Writes `bytes` (a baseline's encoding) to `file`, a path as the user gave it.
    ///
    /// - Throws: ``CommandFailure`` `io` naming `--write-baseline` and the file when it cannot be written.
    static func write(_ bytes: Data, to file: String) throws {
        let url = URL(fileURLWithPath: file)
        if let problem = OutputPath.problem(writingFile: url) {
            throw CommandFailure(code: "io", message: "--write-baseline \(file): \(problem)")
        }
        do {
            try bytes.write(to: url)
        } catch {
            throw CommandFailure(code: "io", message: "--write-baseline \(file): cannot be written (\(error.localizedDescription))")
        }
    }
}
