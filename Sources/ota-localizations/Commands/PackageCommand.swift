import Foundation
import OTALocalizationsCore
import OTALocalizationsPackager

/// `ota-localizations package`: builds the ZIPs and the manifest for one app version.
enum PackageCommand: Command {
    static let name = "package"
    static let summary = "Package every module's tables into hashed ZIPs and a manifest"
    enum Option {
        static let appVersion = CommandOption.value(
            "app-version", "<version>", help: "The app's marketing version (CFBundleShortVersionString), e.g. 1.0.0.")
        static let output = CommandOption.value("output", "<dir>", help: "The publishing folder (one sub-folder per app version).")
        static let config = CommandOption.value(
            "config", "<file>", help: "Configuration file (default: <repo-root>/ota-localizations.json if present).")
        static let publishedAt = CommandOption.value("published-at", "<date>", help: """
            The manifest's publishedAt, RFC 3339 (default: $SOURCE_DATE_EPOCH, else now).
            More than 1 hour ahead of this machine's clock is refused (devices refuse it).
            """)
        static let expiresIn = CommandOption.value("expires-in", "<duration>", help: """
            Write expires, this long after publishedAt: a whole number and d, h, m or s
            (e.g. 7d). Devices refuse the publish past it; 'refresh-expiry' signs it again
            with a later one (docs/signing.md, "Freeze"). Default: no expires.
            """)
        static let allowFuturePublishedAt = CommandOption.flag(
            "allow-future-published-at", help: "Accept a publishedAt more than 1 hour ahead (this machine's clock is wrong).")
        static let channel = CommandOption.value("channel", "<name>", help: """
            The release channel (docs/rollouts.md): writes manifest.<name>.json recording
            "channel": "<name>"; default production (manifest.json, no channel field).
            """)
        static let pseudo = CommandOption.value("pseudo", "<localization>", help: """
            QA only, with --channel other than production: publish this localization of each module
            that has it as pseudo-text derived from the development region's tables: accented,
            a third longer, bracketed, format specifiers kept (docs/packaging.md).
            """)
        static let previous = CommandOption.value("previous", "<manifest>", help: """
            A published manifest.json (path, http(s) URL or s3://); each module is marked changed or
            unchanged against it. A manifest of another app version is a warning.
            """)
        static let baseline = CommandOption.value("baseline", "<manifest|folder>", help: """
            What was published before (a path, URL or s3:// location): a key it had that
            the new tables lack is an error.
            """)
        static let validationBaseline = CommandOption.value(
            "validation-baseline", "<file>", help: "Findings recorded with 'validate --write-baseline' are reported as warnings.")
        static let strict = CommandOption.flag("strict", help: "Validation warnings block the publish too.")
        static let signingKey = CommandOption.repeatable("signing-key", "<pem>", help: """
            Also write manifest.dsse.json, the manifest signed by this Ed25519 private key
            (PKCS#8 PEM, from 'keygen' or 'openssl genpkey -algorithm ed25519');
            repeatable, one signature per key. Default: $OTA_SIGNING_KEY_FILE when set.
            Without a key, a manifest.dsse.json left in the folder is removed.
            """)
        static let json = CommandOption.flag("json", help: """
            Print one JSON object on stdout instead of the summary; also when the run cannot
            start or fails: {"error": {"code", "message"}}.
            """)
        static let quiet = CommandOption.flag("quiet", help: "No progress lines on stderr.")
    }
    static let options = [
        Option.appVersion, Option.output, Option.config, Option.publishedAt, Option.expiresIn, Option.allowFuturePublishedAt, Option.channel,
        Option.pseudo, Option.previous, Option.baseline, Option.validationBaseline, Option.strict, Option.signingKey, Option.json, Option.quiet,
    ]
    static let help = """
        OVERVIEW: Package every module's .strings/.stringsdict tables into reproducible, hashed ZIPs and a manifest.

        USAGE: ota-localizations package <repo-root> --app-version <version> --output <dir> [options]

        Writes <dir>/<version>/<Module>-<sha256 prefix>.zip for each module, its slices beside it (a base slice and
        one per other localization; the summary counts them), the published index's parts (index-*.json.gz) and,
        last, <dir>/<version>/manifest.json and index.json, what devices read (and, with --signing-key,
        manifest.dsse.json and index.dsse.json, docs/signing.md); with --channel <c>, manifest.<c>.json and
        index.<c>.json (and their envelopes) instead, beside the same ZIPs. 'ota-localizations publish' uploads
        the folder.
        Every table must parse and pass validation (docs/validation.md) first; otherwise nothing is written.

        OPTIONS:
        \(CommandOption.helpText(options, column: 28))

        SIGINT and SIGTERM remove the temporary files being written before the process ends; temporary files a killed
        run left in the version folder are removed by the next run into it.

        EXIT STATUS: 0 success, 1 bad input (a table that does not parse, a validation error, a name collision,
        nothing to package), 2 usage error.
        """

    static func run(_ arguments: [String]) -> Output.Status {
        // s3:// locations of --previous and --baseline, copied to temporary folders for the run.
        var copies: [S3PublishedCopy] = []
        defer { copies.forEach { $0.remove() } }
        return run(arguments, reporting: ErrorReporting(json: true, details: .listed(indent: ""))) { args in
            let options = try packageOptions(args, copies: &copies)
            let quiet = args.flag(Option.quiet)
            PackagingInterruption.install()
            let result = try Packager.package(options) { index, count, archive in
                guard !quiet else { return }
                let module = archive.module
                Output.err("[\(index)/\(count)] \(module.module.name): \(Output.count(module.localizations.count, "localization")), \(Output.count(module.tables.count, "table")), \(Output.grouped(Int64(archive.bytes.count))) bytes")
            }
            printResult(result, of: options, args)
            return .success
        }
    }

    /// The packaging the command line asks for; an `s3://` `--previous` or `--baseline` is copied to a temporary
    /// folder, added to `copies`.
    /// - Throws: ``UsageError`` for a bad channel, a missing option or a date; ``PackagerError`` for a signing key or
    ///   an `s3://` copy that fails.
    private static func packageOptions(_ args: ArgumentList, copies: inout [S3PublishedCopy]) throws -> PackageOptions {
        let root = try args.onePositional("repo-root")
        let channel = args.value(Option.channel)
        if let channel, channel != ManifestChannel.production, !ManifestChannel.isValidName(channel) {
            throw UsageError(message: "--channel '\(channel)' is not a channel name: 1 to 32 lowercase letters, digits and '-', "
                + "starting with a letter (not 'dsse'), e.g. staging; 'production' is manifest.json")
        }
        let pseudo = args.value(Option.pseudo)
        if let pseudo, let message = PseudoOptionText.usageError(localization: pseudo, channel: channel) {
            throw UsageError(message: message)
        }
        let expiresIn = try args.value(Option.expiresIn).map { text in
            guard let seconds = ReleaseEdit.durationSeconds(text) else {
                throw UsageError(message: "--expires-in '\(text)' is not a duration: a whole number and d, h, m or s, e.g. 7d or 36h (at most 10 years)")
            }
            return seconds
        }
        var options = PackageOptions(
            repositoryRoot: URL(fileURLWithPath: root),
            appVersion: try args.required(Option.appVersion),
            outputDirectory: URL(fileURLWithPath: try args.required(Option.output)),
            configurationFile: args.value(Option.config).map { URL(fileURLWithPath: $0) },
            publishedAt: try CommandFailure.asUsage {
                try PublishDate.resolve(
                    argument: args.value(Option.publishedAt), environment: ProcessInfo.processInfo.environment,
                    allowFuture: args.flag(Option.allowFuturePublishedAt))
            },
            previousManifest: try args.value(Option.previous).map { text in
                guard let copy = try S3PublishedCopy.copy(text, option: "--previous", archives: false) else { return location(text) }
                copies.append(copy)
                return URL(fileURLWithPath: copy.path)
            },
            validation: ValidationOptions(
                publishedBaseline: try args.value(Option.baseline).map { text in
                    guard let copy = try S3PublishedCopy.copy(text, option: "--baseline", archives: true) else { return text }
                    copies.append(copy)
                    return copy.path
                },
                adoptionBaselineFile: args.value(Option.validationBaseline).map { URL(fileURLWithPath: $0) },
                strict: args.flag(Option.strict)
            ),
            signingKeys: try SigningKeyArguments.signingKeys(args.values(Option.signingKey), environment: ProcessInfo.processInfo.environment),
            channel: channel,
            pseudoLocalization: pseudo
        )
        options.expiresInSeconds = expiresIn
        return options
    }

    /// Prints what a run wrote: its warnings and the temporaries it removed on stderr, then the summary (or JSON)
    /// and, when it signed, the envelopes and key IDs.
    private static func printResult(_ result: PackageResult, of options: PackageOptions, _ args: ArgumentList) {
        let quiet = args.flag(Option.quiet)
        for warning in result.warnings { Output.err("warning: \(PackageWarningText.message(warning, previous: args.value(Option.previous)))") }
        if !result.removedTemporaries.isEmpty, !quiet {
            Output.err("Removed \(Output.count(result.removedTemporaries.count, "temporary file")) left in the version folder by a run that was killed: \(result.removedTemporaries.joined(separator: ", "))")
        }
        let output = args.value(Option.output) ?? ""
        let manifestPath = displayPath(output, options.appVersion, ManifestChannel.manifestFileName(channel: options.channel))
        let rootArgument = (try? args.onePositional("repo-root")) ?? options.repositoryRoot.path
        let validateCommand = (["ota-localizations", "validate", rootArgument]
            + (args.value(Option.config).map { ["--\(Option.config.name)", $0] } ?? [])
            + (args.value(Option.validationBaseline).map { ["--\(Option.validationBaseline.name)", $0] } ?? []))
            .map(shellWord).joined(separator: " ")
        Output.out(args.flag(Option.json)
            ? json(result, manifestPath: manifestPath)
            : summary(result, manifestPath: manifestPath, validateCommand: validateCommand, pseudo: options.pseudoLocalization))
        if !options.signingKeys.isEmpty, !args.flag(Option.json) {
            let envelopePath = displayPath(output, options.appVersion, ManifestChannel.envelopeFileName(channel: options.channel))
            let indexEnvelope = ManifestChannel.indexEnvelopeFileName(channel: options.channel)
            Output.out("Signed: \(envelopePath) and \(indexEnvelope), keyid \(options.signingKeys.map(\.publicKey.keyID).joined(separator: ", "))")
        }
    }

    /// `--previous`: an `http(s)` or `file:` URL as written, otherwise a file path.
    private static func location(_ text: String) -> URL {
        if text.hasPrefix("http://") || text.hasPrefix("https://") || text.hasPrefix("file:"), let url = URL(string: text) {
            return url
        }
        return URL(fileURLWithPath: text)
    }

    private static func displayPath(_ components: String...) -> String {
        components.reduce("") { $0.isEmpty ? $1 : ($0 as NSString).appendingPathComponent($1) }
    }

    /// `word` as one shell word: as it is when it holds only safe characters, else in single quotes.
    static func shellWord(_ word: String) -> String {
        let safe = word.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_./:=@%+,".unicodeScalars.contains($0)) }
        return safe && !word.isEmpty ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// - Parameter validateCommand: the `validate` command line that lists the findings counted here (with the same
    ///   configuration and validation baseline, without which baselined errors would be errors).
    /// - Parameter pseudo: the localization published as pseudo-text, whose findings are of the pseudo tables: the
    ///   `validate` command then lists the repository's own, and the line says so.
    static func summary(
        _ result: PackageResult, manifestPath: String, validateCommand: String = "ota-localizations validate", pseudo: String? = nil
    ) -> String {
        let count = result.modules.count
        var lines = ["Packaged \(count) module\(count == 1 ? "" : "s") for app version \(result.appVersion):"]
        let nameWidth = result.modules.map(\.name.count).max() ?? 0
        for module in result.modules {
            var line = "  " + Output.padded(module.name, nameWidth)
            line += "  \(Output.count(module.localizations.count, "localization")), \(Output.count(module.files, "table")), "
            line += "\(Output.grouped(module.size)) bytes, sha256 \(module.sha256.prefix(16))"
            if let slices = result.manifest.modules.first(where: { $0.name == module.name })?.slices {
                line += ", \(Output.count(1 + slices.localizations.count, "slice"))"
            }
            if let changed = module.changed { line += changed ? ", changed" : ", unchanged" }
            lines.append(line)
        }
        if result.skipped.isEmpty {
            lines.append("Skipped no files.")
        } else {
            lines.append("Skipped \(result.skipped.count) file\(result.skipped.count == 1 ? "" : "s") (not published):")
            lines += SkippedText.lines(result.skipped)
        }
        let errors = result.diagnostics.filter { $0.severity == .error }.count
        let notes = result.diagnostics.filter { $0.severity == .note }.count
        let warnings = result.diagnostics.count - errors - notes
        let baselined = result.diagnostics.filter(\.baselined).count
        if result.diagnostics.isEmpty {
            lines.append("Validation: no findings.")
        } else {
            var line = "Validation: \(warnings) warning\(warnings == 1 ? "" : "s")"
            if notes > 0 { line += ", \(notes) note\(notes == 1 ? "" : "s")" }
            if baselined > 0 { line += " (\(baselined) from the validation baseline)" }
            if let pseudo {
                lines.append(line + ", of the tables as published with \(pseudo) as pseudo-text; \(validateCommand) lists the "
                    + "repository's own.")
            } else {
                lines.append(line + "; \(validateCommand) lists them.")
            }
        }
        lines.append("Manifest: \(manifestPath)")
        return lines.joined(separator: "\n")
    }

    static func json(_ result: PackageResult, manifestPath: String) -> String {
        let modules = result.modules.map { module in
            let changed = module.changed.map { $0 ? "true" : "false" } ?? "null"
            return "{\"name\":\(JSONText.quoted(module.name)),\"path\":\(JSONText.quoted(module.path)),"
                + "\"sha256\":\(JSONText.quoted(module.sha256)),\"size\":\(module.size),\"files\":\(module.files),"
                + "\"changed\":\(changed)}"
        }
        let skipped = result.skipped.map {
            "{\"path\":\(JSONText.quoted($0.path)),\"code\":\(JSONText.quoted($0.code.rawValue)),\"reason\":\(JSONText.quoted($0.reason))}"
        }
        return "{\"appVersion\":\(JSONText.quoted(result.appVersion)),\"manifest\":\(JSONText.quoted(manifestPath)),"
            + "\"modules\":[\(modules.joined(separator: ","))],\"skipped\":[\(skipped.joined(separator: ","))]}"
    }
}
