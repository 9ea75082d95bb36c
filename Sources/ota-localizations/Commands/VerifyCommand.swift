import Foundation
import OTALocalizationsCore
import OTALocalizationsPackager
import OTALocalizationsTooling

/// `ota-localizations verify`: checks a published version folder the way a device with the same keys and channel
/// would, with the service's own admission and archive rules (``PublishVerifier``).
enum VerifyCommand: Command {
    static let name = "verify"
    static let summary = "Check a published version folder as a device with these keys and channel would"
    enum Option {
        static let trustedKey = CommandOption.repeatable("trusted-key", "<base64>", help: """
            A trusted public key (base64 of its 32 bytes, as keygen prints); repeatable.
            Without one, the folder is checked as an app without keys reads it.
            """)
        static let channel = CommandOption.value(
            "channel", "<name>", help: "The channel devices read (manifest.<name>.json); default production.")
        static let everyHeader = CommandOption.flag("every-header", help: """
            s3:// only: read every file's stored headers, also those the commit points
            vouch for (one head-object each).
            """)
        static let json = CommandOption.flag("json", help: """
            Print one JSON object on stdout: every check, each problem's code, file and
            message, and the verdict (docs/hosting.md); errors: {"error": {"code", "message"}}.
            """)
        static let quiet = CommandOption.flag("quiet", help: "No progress lines on stderr.")
    }
    static let options = [
        Option.trustedKey, Option.channel, Option.everyHeader, SyncCommand.Option.requestDeadline, Option.json, Option.quiet,
    ]
    static let help = """
        OVERVIEW: Check a published version folder the way a device with these trusted keys and this channel would
        (docs/signing.md): exit 0 exactly when such a device, whatever its languages and wherever it falls in the
        rollout or the experiment (each arm, control, outside), would accept the publish and install every module.

        USAGE: ota-localizations verify <version-dir, URL or s3://…> [--trusted-key <base64> ...] [--channel <name>]
                                        [--every-header] [--request-deadline <seconds>] [--json] [--quiet]

        Reads the published index (index.json, or index.dsse.json with --trusted-key) and its parts, and the manifest
        (manifest.json, or manifest.dsse.json), and admits each with the app's own code: the signature first, then the
        app version (the folder's name), the channel, the number of modules and a publishedAt no later than an hour
        from now. Both must describe the same modules; with keys, the unsigned files must hold the signed bytes. Then
        every full ZIP and every slice of every stable, rollout and experiment arm entry is read and checked as the
        app's installer checks it (size, SHA-256, the archive's entries, Info.plist's development region, every table
        parses); each arm's lines name it.
        s3:// goes through the AWS CLI, as publish, and also reads the headers each file is stored with, as a CDN
        serves them (one head-object each): any Content-Encoding fails (devices would decode the body by it), and so
        does a manifest or index a cache may keep for more than a day without asking again. The commit points' headers
        are always read, another file's when it was written after them or when one of them is not stored as publish
        stores it (docs/hosting.md, "Headers devices depend on"); --every-header reads every file's.
        Over http(s), each GET ends at --request-deadline, as a device's does, and its body at the device's limit for that
        file. Prints one line per check and names exactly what does not match (--json: one object, with a stable code
        for each problem); progress lines (files read and checked so far) go to stderr.

        OPTIONS:
        \(CommandOption.helpText(options, column: 28))

        EXIT STATUS: 0 a device would install everything, 1 something does not pass (or cannot be read), 2 usage
        error.
        """

    static func run(_ arguments: [String]) -> Output.Status {
        run(arguments, reporting: ErrorReporting(json: true, everyErrorIsUsage: true)) { args in
            var folder: PublishedFolder
            let keys: [ManifestPublicKey]
            let channel: String?
            let everyHeader: Bool
            folder = try PublishedFolder(try args.onePositional("version-dir, URL or s3://…"))
            keys = try SigningKeyArguments.trustedKeys(args.values(Option.trustedKey))
            channel = ManifestChannel.recorded(try ReleaseArguments.channel(args.value(Option.channel), option: "--channel"))
            everyHeader = args.flag(Option.everyHeader)
            let deadline = args.valueOrDefault(SyncCommand.Option.requestDeadline)
            guard let seconds = Double(deadline), seconds.isFinite, seconds > 0 else {
                throw UsageError(message: "--request-deadline '\(deadline)' is not a positive number of seconds")
            }
            folder.maximumRequestSeconds = seconds
            var verifier = PublishVerifier(reader: folder, channel: channel, trustedKeys: keys, everyHeader: everyHeader)
            if !args.flag(Option.quiet) { verifier.progress = progress(for: folder) }
            let (lines, manifest) = verifier.run()
            if args.flag(Option.json) {
                Output.out(VerifyText.json(lines, verified: manifest, folder: folder.display(""), channel: channel, signed: !keys.isEmpty))
            } else {
                Output.out(VerifyText.text(lines, verified: manifest))
            }
            return manifest != nil && lines.allSatisfy(\.passed) ? .success : .failure
        }
    }

    /// Progress lines on stderr: the files read, how many are checked so far (``ProgressLines``), the headers read.
    private static func progress(for folder: PublishedFolder) -> (VerifyStep) -> Void {
        var checking: ProgressLines?
        func files(_ count: Int) -> String { "\(Output.grouped(Int64(count))) file\(count == 1 ? "" : "s")" }
        return { step in
            switch step {
            case .reading(let count):
                Output.err("read \(files(count)) the manifest lists from \(folder.display(""))")
            case .checked(let done, let total) where done == total:
                Output.err("checked \(files(total))")
            case .checked(let done, let total):
                checking = checking ?? ProgressLines(total: total, quiet: false) { "checked \(Output.grouped(Int64($0))) of \(files(total))…" }
                checking?.update(done)
            case .readingHeaders(let count):
                if case .s3 = folder.location { Output.err("read the stored headers of up to \(files(count))") }
            }
        }
    }
}

extension PublishedFolder: PublishedFileReading {
    func contents(_ names: [String], maximumBytes: [String: Int64]) -> [String: Result<Data, PublishedFileFailure>] {
        read(names, maximumBytes: maximumBytes).mapValues { result in
            result.mapError { PublishedFileFailure(message: $0.message, isMissing: $0.isMissing) }
        }
    }

    func storedHeaders(_ names: [String], channel: String?, describing manifest: Manifest?) -> StoredHeaderReading? {
        guard case .s3(let place) = location else { return nil }
        var results: [String: Result<PublishedHeaders, PublishedFileFailure>] = [:]
        do {
            guard let reading = try PublishedObjects.headers(names, channel: channel, describing: manifest, from: place) else { return nil }
            for name in reading.read {
                results[name] = reading.headers[name].map { .success(PublishedHeaders(cacheControl: $0.cacheControl, contentEncoding: $0.contentEncoding)) }
                    ?? .failure(PublishedFileFailure(message: "\(display(name)): no such object", isMissing: true))
            }
            return StoredHeaderReading(results: results, vouched: reading.vouched)
        } catch {
            for name in names { results[name] = .failure(PublishedFileFailure(message: "\(display(name)): \(error.reason)", isMissing: false)) }
            return StoredHeaderReading(results: results, vouched: [])
        }
    }
}
