import Foundation
import OTALocalizations
import OTALocalizationsCore
import OTALocalizationsSync

extension SyncCommand {
    /// The options of `sync`; the deadlines' defaults are the service's own.
    enum Option {
        static let baseURL = CommandOption.value("base-url", "<url>", help: "The hosting base URL (http or https).")
        static let appVersion = CommandOption.value(
            "app-version", "<version>", help: "The app's marketing version; a plain file name, e.g. 1.0.0.")
        static let into = CommandOption.value("into", "<storage root>", help: "The storage root (one folder per app version).")
        static let timeout = CommandOption.value(
            "timeout", "<seconds>", default: seconds(OTALocalizationServiceConfiguration.defaultRequestTimeout)
        ) { """
            Request (idle) timeout of each GET, default \($0). Foundation on Linux
            truncates fractions to whole seconds.
            """
        }
        static let requestDeadline = CommandOption.value(
            "request-deadline", "<seconds>", default: seconds(OTALocalizationServiceConfiguration.defaultMaximumRequestSeconds)
        ) { """
            Total time one GET may take, default \($0) (a server that trickles
            bytes never trips the idle timeout).
            """
        }
        static let cycleDeadline = CommandOption.value(
            "cycle-deadline", "<seconds>", default: seconds(OTALocalizationServiceConfiguration.defaultMaximumCycleSeconds),
            layout: .descriptionColumn(32)
        ) { """
            Total time the cycle may take, default \($0); then it stops, keeps what
            it installed, and reports the rest as failed.
            """
        }
        static let channel = CommandOption.value("channel", "<name>", help: """
            Read the release channel <name> (index.<name>.json, e.g. staging) instead
            of production (index.json), as an app configured with that channel does.
            A manifest naming another channel fails with errorCode "channel".
            """)
        static let trustedKey = CommandOption.repeatable("trusted-key", "<base64>", help: """
            Require index.dsse.json signed by this Ed25519 public key (base64 of its 32
            bytes, as keygen prints), as an app configured with trusted keys does;
            repeatable. A refused signature fails the manifest with errorCode "signature".
            """)
        static let languages = CommandOption.value("languages", "<list>", help: """
            The device's preferred languages, most preferred first, comma-separated
            (e.g. fr-CA,en): for a module published with slices, only base and the
            slices these choose are installed, as on a device with these languages.
            Without it, every localization is installed from the full ZIPs.
            """)
        static let json = CommandOption.flag("json", help: "Print the cycle report as one JSON object on stdout.")

        /// `30` for 30 seconds: a default as `--help` shows it and the command line would give it.
        private static func seconds(_ value: TimeInterval) -> String {
            value == value.rounded() ? String(Int(value)) : String(value)
        }
    }

    static let options = [
        Option.baseURL, Option.appVersion, Option.into, Option.timeout, Option.requestDeadline, Option.cycleDeadline,
        Option.channel, Option.trustedKey, Option.languages, Option.json,
    ]

    /// What the command line asks of one sync: the service's configuration and how to print its report.
    struct Request {
        let baseURL: URL
        let appVersion: String
        let storageRoot: URL
        let requestTimeout: TimeInterval
        let maximumRequestSeconds: TimeInterval
        let maximumCycleSeconds: TimeInterval
        let trustedKeys: [ManifestPublicKey]
        let selection: OTALocalizationSelection
        /// nil for production.
        let channel: String?
        let json: Bool

        /// Reads and checks every option, in the order the usage errors name them.
        /// - Throws: ``UsageError`` for a positional argument, a missing or malformed option.
        init(_ args: ArgumentList) throws {
            guard args.positionals.isEmpty else { throw UsageError(message: "unexpected argument '\(args.positionals[0])'") }
            let baseText = try args.required(Option.baseURL)
            guard let baseURL = URL(string: baseText), let scheme = baseURL.scheme?.lowercased(),
                  scheme == "http" || scheme == "https", baseURL.host != nil
            else { throw UsageError(message: "--base-url '\(baseText)' is not an http or https URL") }
            self.baseURL = baseURL
            appVersion = try args.required(Option.appVersion)
            guard OTAStorageLayout.isPlainFileName(appVersion) else {
                throw UsageError(message: "--app-version '\(appVersion)' is not a plain file name")
            }
            func seconds(_ option: CommandOption) throws -> TimeInterval {
                let text = args.valueOrDefault(option)
                guard let value = Double(text), value.isFinite, value > 0 else {
                    throw UsageError(message: "--\(option.name) '\(text)' is not a positive number of seconds")
                }
                return value
            }
            requestTimeout = try seconds(Option.timeout)
            maximumRequestSeconds = try seconds(Option.requestDeadline)
            maximumCycleSeconds = try seconds(Option.cycleDeadline)
            storageRoot = URL(fileURLWithPath: try args.required(Option.into))
            json = args.flag(Option.json)
            trustedKeys = try SigningKeyArguments.trustedKeys(args.values(Option.trustedKey))
            selection = try LanguagesArgument.selection(args.value(Option.languages), absent: .everyLocalization)
            if let name = args.value(Option.channel) {
                guard name == ManifestChannel.production || ManifestChannel.isValidName(name) else {
                    throw UsageError(message: "--channel '\(name)' is not a channel name: 1 to 32 lowercase ASCII letters, digits or '-', starting with a letter (or 'production')")
                }
                channel = ManifestChannel.recorded(name)
            } else {
                channel = nil
            }
        }

        /// The URL of the root file the service requests first (the index, or its envelope with trusted keys).
        var rootURL: String {
            manifestURL(
                base: baseURL, appVersion: appVersion,
                fileName: trustedKeys.isEmpty
                    ? ManifestChannel.indexFileName(channel: channel) : ManifestChannel.indexEnvelopeFileName(channel: channel))
        }
    }
}
