extension Command {
    /// Parses `arguments` with ``options`` and runs `body` with them: the one place where every command's usage errors
    /// and failures are printed.
    ///
    /// Whatever `body` throws is reported as ``CommandFailure/init(_:details:)`` words it, by
    /// ``CommandFailure/report(json:command:)``; with `reporting.json`, JSON is printed when the raw arguments ask
    /// for it (``ErrorJSON/isRequested(in:)``), also for a usage error in the arguments themselves.
    /// - Returns: `body`'s exit status, or the failure's.
    static func run(
        _ arguments: [String], reporting: ErrorReporting = ErrorReporting(), _ body: (ArgumentList) throws -> Output.Status
    ) -> Output.Status {
        let json = reporting.json && ErrorJSON.isRequested(in: arguments)
        do {
            return try body(try ArgumentList(arguments, options: options))
        } catch {
            var failure = CommandFailure(error, details: reporting.details)
            if reporting.everyErrorIsUsage, !failure.isUsage { failure = .usage(failure.message) }
            return failure.report(json: json, command: name)
        }
    }
}

/// How a command reports a failure: whether it takes `--json` (and so prints errors as JSON too), and how a library
/// error's further lines are printed.
struct ErrorReporting: Sendable {
    var json = false
    var details: CommandFailure.Details = .omitted
    /// Every error is a usage error: for a command whose body throws only while it reads its arguments, and prints
    /// its own failures after that.
    var everyErrorIsUsage = false
}
