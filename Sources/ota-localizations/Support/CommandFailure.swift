import OTALocalizationsPackager
import OTALocalizationsSourceLint

/// What a command could not do, as it is reported: the JSON code, the first line, further lines and the exit status.
///
/// A command throws one (or a ``UsageError``, or a library error, which ``init(_:details:)`` turns into one);
/// ``Command/run(_:reporting:_:)`` prints it in the one way every command shares.
struct CommandFailure: Error {
    /// How a library error's further lines (``PackagerError/details``) are printed.
    enum Details: Sendable {
        /// Left out, from stderr and from the JSON message.
        case omitted
        /// One a line on stderr after the first, each after `indent`; in the JSON message, one a line after it.
        case listed(indent: String)
    }

    /// The `code` of ``ErrorJSON``: `usage`, a library error's code, or `error`.
    var code: String
    /// The line after `error: `.
    var message: String
    var details: [String] = []
    var detailIndent = ""
    var status: Output.Status = .failure
    /// A usage error: the line after it says where the command's usage is.
    var isUsage = false

    init(code: String, message: String, details: [String] = [], detailIndent: String = "", status: Output.Status = .failure) {
        self.code = code
        self.message = message
        self.details = details
        self.detailIndent = detailIndent
        self.status = status
    }

    /// A usage error (code `usage`, exit status 2).
    static func usage(_ message: String) -> CommandFailure {
        var failure = CommandFailure(code: "usage", message: message, status: .usage)
        failure.isUsage = true
        return failure
    }

    /// `error` as the command line reports it: a ``UsageError`` is a usage error; a ``PackagerError`` is worded with
    /// the options' names (``PackagerErrorText``), exit status 2 for `badAppVersion`; a ``SourceLintError`` exits 2 for
    /// `missingPath`; a ``ModuleTemplateError`` is worded with `--output` (``ModuleTemplateErrorText``); any other error
    /// is its description, code `error`.
    init(_ error: any Error, details: Details = .omitted) {
        switch error {
        case let failure as CommandFailure:
            self = failure
        case let usage as UsageError:
            self = .usage(usage.message)
        case let error as PackagerError:
            self.init(code: error.code.rawValue, message: PackagerErrorText.message(error),
                      status: error.code == .badAppVersion ? .usage : .failure)
            if case .listed(let indent) = details {
                self.details = error.details
                detailIndent = indent
            }
        case let error as ModuleTemplateError:
            self.init(code: "error", message: ModuleTemplateErrorText.message(error))
        case let error as SourceLintError:
            self.init(code: error.code.rawValue, message: error.reason, status: error.code == .missingPath ? .usage : .failure)
        default:
            self.init(code: "error", message: "\(error)")
        }
    }

    /// Runs `body`, turning any error it throws but a usage error into a usage error with the error's message: for
    /// the checks of a command's arguments that a library makes.
    static func asUsage<Value>(_ body: () throws -> Value) throws -> Value {
        do {
            return try body()
        } catch {
            let failure = CommandFailure(error)
            throw failure.isUsage ? failure : .usage(failure.message)
        }
    }

    /// Runs `body`, giving any error it throws but a usage error exit status `status`.
    static func withStatus<Value>(_ status: Output.Status, _ body: () throws -> Value) throws -> Value {
        do {
            return try body()
        } catch {
            var failure = CommandFailure(error)
            if !failure.isUsage { failure.status = status }
            throw failure
        }
    }

    /// Prints the failure (first, with `json`, its ``ErrorJSON`` on stdout; then `error: <message>`, for a usage error
    /// where the usage of `command` is, and the details on stderr) and returns its exit status.
    func report(json: Bool, command: String) -> Output.Status {
        if json { Output.out(ErrorJSON.text(code: code, message: ([message] + details).joined(separator: "\n"))) }
        Output.err("error: \(message)" + (isUsage ? "\nRun 'ota-localizations \(command) --help' for usage." : ""))
        for detail in details { Output.err(detailIndent + detail) }
        return status
    }
}
