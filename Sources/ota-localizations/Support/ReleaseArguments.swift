import Foundation
import OTALocalizationsCore
import OTALocalizationsPackager

/// The options `publish`, `promote` and `rollout` share, and how they report a failure.
enum ReleaseArguments {
    /// A `--channel`, `--from` or `--to` channel name; nil stays nil (production).
    static func channel(_ value: String?, option: String) throws -> String? {
        guard let value else { return nil }
        guard value == ManifestChannel.production || ManifestChannel.isValidName(value) else {
            throw UsageError(message: "\(option) '\(value)' is not a channel name: 1 to 32 lowercase letters, digits and '-', "
                + "starting with a letter (not 'dsse'), e.g. staging; 'production' is manifest.json")
        }
        return value
    }

    /// `s3://bucket/prefix` or a folder.
    static func location(_ text: String, option: String) throws -> PublishLocation {
        do {
            return try PublishLocation(parsing: text)
        } catch let error as PackagerError {
            throw UsageError(message: "\(option) \(error.reason)")
        }
    }

    /// `--manifest-max-age`: whole seconds, 0 to one day.
    static func maxAge(_ value: String?) throws -> Int? {
        guard let value else { return nil }
        guard let seconds = Int(value), (0...86_400).contains(seconds) else {
            throw UsageError(message: "--manifest-max-age '\(value)' is not a number of seconds from 0 to 86400")
        }
        return seconds
    }

    /// How `publish`, `promote` and `rollout` report a failure: JSON with `--json`, a library error's details
    /// indented under it.
    static let reporting = ErrorReporting(json: true, details: .listed(indent: "  "))
}
