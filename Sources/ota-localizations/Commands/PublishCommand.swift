import Foundation
import OTALocalizationsCore
import OTALocalizationsPackager

/// `ota-localizations publish`: uploads a packaged version folder to S3 or a local folder, ZIPs first.
enum PublishCommand: Command {
    static let name = "publish"
    static let summary = "Upload a packaged version folder to S3 or a local folder, ZIPs first, manifest last"
    static let help = """
        OVERVIEW: Upload <output>/<version> to the base the app is configured with, so that no device ever reads a
        manifest listing a ZIP that is not there (docs/hosting.md).

        USAGE: ota-localizations publish <output>/<version> --to <destination> [options]

        <destination> is s3://<bucket>/<prefix> or a local folder (the root of nginx or any static server); the version
        folder's name is appended: publishing out/2.0.0 to s3://strings/ios writes s3://strings/ios/2.0.0/...

        Order: every ZIP the manifest lists (one already there with the same size is skipped: ZIPs are named by their
        content), then a check of each ZIP's size at the destination (HEAD), then the manifest, then manifest.dsse.json
        when the folder has one, then the CloudFront invalidation of the manifest paths. Nothing is ever deleted.
        S3 uploads set Content-Type application/zip and Cache-Control "public, max-age=31536000, immutable" on ZIPs,
        application/json and "no-cache" on manifests. A local folder gets each file under a temporary name, then
        renamed into place.

        S3 goes through the AWS CLI ('aws' on PATH, or $OTA_AWS_CLI), so its usual credentials (environment, profiles,
        SSO, web identity in CI, instance roles), AWS_PROFILE, AWS_REGION and AWS_ENDPOINT_URL apply unchanged.

        OPTIONS:
          --to <destination>        s3://<bucket>/<prefix> or a folder.
          --channel <name>          Publish manifest.<name>.json (package --channel); default production (manifest.json).
          --cloudfront-distribution <id>
                                    Invalidate the uploaded manifest paths (/<prefix>/<version>/manifest.json, ...) on
                                    this distribution afterwards (S3 destinations; the distribution serves the bucket's
                                    keys at the same paths).
          --manifest-max-age <s>    Cache-Control "public, max-age=<s>" on manifests instead of "no-cache".
          --dry-run                 Print what would be uploaded, skipped and invalidated; write nothing.
          --json                    Print one JSON object on stdout (also for errors: {"error": {"code", "message"}}).
          --quiet                   No progress lines on stderr.
          -h, --help                Show this help.

        EXIT STATUS: 0 published (or planned), 1 refused or failed (nothing a device reads was changed when a ZIP
        failed), 2 usage error.
        """

    static func run(_ arguments: [String]) -> Output.Status {
        let wantsJSON = ErrorJSON.isRequested(in: arguments)
        let args: ArgumentList
        let options: PublishOptions
        do {
            args = try ArgumentList(
                arguments, valueOptions: ["to", "channel", "cloudfront-distribution", "manifest-max-age"],
                flagOptions: ["dry-run", "json", "quiet"])
            let folder = try args.onePositional("output>/<version")
            let channel = try ReleaseArguments.channel(args.value("channel"), option: "--channel")
            options = PublishOptions(
                versionFolder: URL(fileURLWithPath: folder, isDirectory: true),
                destination: try ReleaseArguments.location(try args.required("to"), option: "--to"),
                channel: channel,
                cloudFrontDistribution: args.value("cloudfront-distribution"),
                manifestMaxAgeSeconds: try ReleaseArguments.maxAge(args.value("manifest-max-age")))
            if options.cloudFrontDistribution != nil, !options.destination.isS3 {
                throw UsageError(message: "--cloudfront-distribution needs an s3:// destination (it invalidates the S3 keys' paths)")
            }
        } catch let error as UsageError {
            if wantsJSON { Output.out(ErrorJSON.text(code: "usage", message: error.message)) }
            return usageError(error.message)
        } catch {
            return ReleaseArguments.report(error, json: wantsJSON)
        }
        let quiet = args.flag("quiet")
        do {
            let plan = try Publisher.plan(options)
            if args.flag("dry-run") {
                Output.out(args.flag("json") ? ReleaseText.json(plan, result: nil) : ReleaseText.planText(plan))
                return .success
            }
            let result = try Publisher.publish(plan, environment: options.environment) { step in
                guard !quiet else { return }
                switch step {
                case .upload(let name, let size, let index, let count):
                    Output.err("[\(index)/\(count)] upload \(name) (\(Output.grouped(size)) bytes)")
                case .verify(let name):
                    Output.err("check \(plan.destination.display(name))")
                case .invalidate(let paths):
                    Output.err("invalidate \(paths.joined(separator: " ")) on \(plan.distribution ?? "")")
                }
            }
            if !result.removedTemporaries.isEmpty, !quiet {
                Output.err("Removed \(Output.count(result.removedTemporaries.count, "temporary file")) a killed run left in \(plan.destination): \(result.removedTemporaries.joined(separator: ", "))")
            }
            Output.out(args.flag("json") ? ReleaseText.json(plan, result: result) : ReleaseText.resultText(result))
            return .success
        } catch {
            return ReleaseArguments.report(error, json: wantsJSON)
        }
    }
}
