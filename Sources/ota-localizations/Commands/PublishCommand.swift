import Foundation
import OTALocalizationsCore
import OTALocalizationsPackager

/// `ota-localizations publish`: uploads a packaged version folder to S3 or a local folder, ZIPs first.
enum PublishCommand: Command {
    static let name = "publish"
    /// How many times a publish overtaken by another run plans again before it fails.
    static let maximumReplans = 8
    static let summary = "Upload a packaged version folder to S3 or a local folder, ZIPs first, manifest last"
    enum Option {
        static let to = CommandOption.value("to", "<destination>", help: "s3://<bucket>/<prefix> or a folder.")
        static let channel = CommandOption.value(
            "channel", "<name>", help: "Publish manifest.<name>.json (package --channel); default production (manifest.json).")
        static let cloudFrontDistribution = CommandOption.value("cloudfront-distribution", "<id>", layout: .ownLine, help: """
            Invalidate the uploaded manifest paths (/<prefix>/<version>/manifest.json, ...) on
            this distribution afterwards (S3 destinations; the distribution serves the bucket's
            keys at the same paths).
            """)
        static let manifestMaxAge = CommandOption.value(
            "manifest-max-age", "<s>", help: "Cache-Control \"public, max-age=<s>\" on manifests instead of \"no-cache\".")
        static let dryRun = CommandOption.flag("dry-run", help: "Print what would be uploaded, skipped and invalidated; write nothing.")
        static let json = CommandOption.flag(
            "json", help: "Print one JSON object on stdout (also for errors: {\"error\": {\"code\", \"message\"}}).")
        static let quiet = CommandOption.flag("quiet", help: "No progress lines on stderr.")
    }
    static let options = [
        Option.to, Option.channel, Option.cloudFrontDistribution, Option.manifestMaxAge, Option.dryRun, Option.json, Option.quiet,
    ]
    static let help = """
        OVERVIEW: Upload <output>/<version> to the base the app is configured with, so that no device ever reads a
        manifest listing a ZIP that is not there (docs/hosting.md).

        USAGE: ota-localizations publish <output>/<version> --to <destination> [options]

        <destination> is s3://<bucket>/<prefix> or a local folder (the root of nginx or any static server); the version
        folder's name is appended: publishing out/2.0.0 to s3://strings/ios writes s3://strings/ios/2.0.0/...

        Order: every ZIP, slice and index part the manifest needs that the destination does not already hold with its
        bytes (one listing tells: the SHA-256 of a folder's file, the MD5 that is an S3 ETag; a name holding other bytes
        is uploaded again, with a warning), in bulk; then, when anything was uploaded, one listing that confirms each;
        then manifest.json, its envelope, index.json and its envelope, each written only if the destination still
        holds what this run read (a compare-and-swap: a publish that loses the race to another reads the destination
        again and tries again, up to 8 times, and is refused if the other one is newer); then the CloudFront
        invalidation of the manifest paths. Nothing is ever deleted. S3 uploads set Content-Type
        application/zip (application/gzip for index parts) and Cache-Control "public, max-age=31536000, immutable"
        on content-addressed files, application/json and "no-cache" on manifests, and a SHA-256 checksum S3 checks.
        A local folder is locked while it is written, and gets each file under a temporary name, then renamed into
        place.

        S3 goes through the AWS CLI ('aws' on PATH, or $OTA_AWS_CLI), so its usual credentials (environment, profiles,
        SSO, web identity in CI, instance roles), AWS_PROFILE, AWS_REGION and AWS_ENDPOINT_URL apply unchanged.

        OPTIONS:
        \(CommandOption.helpText(options, column: 28))

        EXIT STATUS: 0 published (or planned), 1 refused or failed (nothing a device reads was changed when a ZIP
        failed), 2 usage error.
        """

    static func run(_ arguments: [String]) -> Output.Status {
        run(arguments, reporting: ReleaseArguments.reporting) { args in
            try publish(try publishOptions(args), args)
        }
    }

    /// The publish the command line asks for.
    /// - Throws: ``UsageError`` for a bad channel, destination, max age or CloudFront distribution.
    private static func publishOptions(_ args: ArgumentList) throws -> PublishOptions {
        let folder = try args.onePositional("output>/<version")
        let channel = try ReleaseArguments.channel(args.value(Option.channel), option: "--channel")
        let options = PublishOptions(
            versionFolder: URL(fileURLWithPath: folder, isDirectory: true),
            destination: try ReleaseArguments.location(try args.required(Option.to), option: "--to"),
            channel: channel,
            cloudFrontDistribution: args.value(Option.cloudFrontDistribution),
            manifestMaxAgeSeconds: try ReleaseArguments.maxAge(args.value(Option.manifestMaxAge)))
        if options.cloudFrontDistribution != nil, !options.destination.isS3 {
            throw UsageError(message: "--cloudfront-distribution needs an s3:// destination (it invalidates the S3 keys' paths)")
        }
        if let distribution = options.cloudFrontDistribution, !distribution.trimmingCharacters(in: .whitespaces).isEmpty,
           !PublishOptions.isDistributionID(distribution) {
            // Checked before anything is uploaded: an invalidation that cannot work would fail after the manifest is live.
            throw UsageError(message: "--cloudfront-distribution '\(distribution)' is not a CloudFront distribution ID "
                + "(uppercase letters and digits, such as E2QWRUHEXAMPLE: aws cloudfront list-distributions shows it)")
        }
        return options
    }

    /// Plans and publishes (or, with `--dry-run`, prints the plan), planning again after a lost race.
    /// - Throws: ``PackagerError`` from ``Publisher``.
    private static func publish(_ options: PublishOptions, _ args: ArgumentList) throws -> Output.Status {
        let quiet = args.flag(Option.quiet)
        // A lost compare-and-swap means another publish wrote the manifests after this plan read them: plan again
        // (this publish is refused if that one is newer) and write again, at most three times.
        var attempt = 1
        while true {
            let plan = try Publisher.plan(options)
            if !quiet {
                for item in plan.archives + plan.manifests where item.action == .replace { Output.err("warning: \(item.note ?? item.name)") }
            }
            if args.flag(Option.dryRun) {
                Output.out(args.flag(Option.json) ? ReleaseText.json(plan, result: nil) : ReleaseText.planText(plan))
                return .success
            }
            do {
                var uploads: ProgressLines?
                let result = try Publisher.publish(plan, environment: options.environment) { step in
                    guard !quiet else { return }
                    if case .upload(let done, let total, _) = step, done > 0, done < total {
                        uploads = uploads ?? ProgressLines(total: total, quiet: quiet) { "uploaded \(Output.grouped(Int64($0))) of \(files(total))…" }
                        uploads?.update(done)
                    } else {
                        Output.err(progressLine(step, plan))
                    }
                }
                if !result.removedTemporaries.isEmpty, !quiet {
                    Output.err("Removed \(Output.count(result.removedTemporaries.count, "temporary file")) a killed run left in \(plan.destination): \(result.removedTemporaries.joined(separator: ", "))")
                }
                Output.out(args.flag(Option.json) ? ReleaseText.json(plan, result: result) : ReleaseText.resultText(result))
                return .success
            } catch where error.code == .lostRace && attempt < Self.maximumReplans {
                // Another run wrote meanwhile: plan again after a short, growing, jittered pause. The older of two
                // runs is refused at its next plan, so the newer one gets through within a few attempts.
                attempt += 1
                if !quiet { Output.err("\(error.reason.components(separatedBy: ". ").first ?? error.reason); planning again") }
                usleep(UInt32(min(2.0, 0.1 * Double(1 << min(attempt, 5))) * Double.random(in: 0.5...1.5) * 1_000_000))
            } catch {
                // Spelled out: without it, Swift 6.3's SILGen crashes on the typed catch above in a throwing function.
                throw error
            }
        }
    }

    /// `1 file`, `1,271 files`.
    private static func files(_ count: Int) -> String {
        "\(Output.grouped(Int64(count))) file\(count == 1 ? "" : "s")"
    }

    /// The line for a step; uploads in progress are ``ProgressLines``'.
    private static func progressLine(_ step: PublishStep, _ plan: PublishPlan) -> String {
        switch step {
        case .upload(let done, let total, let bytes):
            return done == 0 ? "upload \(files(total)) (\(Output.grouped(bytes)) bytes) to \(plan.destination)" : "uploaded \(files(total))"
        case .verify(let count):
            return "check \(files(count)) at \(plan.destination)"
        case .write(let name, let size):
            return "write \(plan.destination.display(name)) (\(Output.grouped(size)) bytes)"
        case .invalidate(let paths):
            return "invalidate \(paths.joined(separator: " ")) on \(plan.distribution ?? "")"
        }
    }
}
