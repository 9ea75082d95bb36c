import Foundation
import OTALocalizations

/// `--into <storage root> --app-version <version>`: the installed app version the device-side commands read.
enum StorageRootArguments {
    static let into = CommandOption.value("into", "<storage root>", help: "The storage root.")
    static let appVersion = CommandOption.value("app-version", "<version>", help: "The app's marketing version.")

    /// The layout `--into` and `--app-version` name, after checking that the command has no positional argument.
    ///
    /// - Throws: ``UsageError`` for a positional argument, a missing option, or an app version that is not a plain file
    ///   name.
    static func layout(_ args: ArgumentList) throws -> OTAStorageLayout {
        guard args.positionals.isEmpty else { throw UsageError(message: "unexpected argument '\(args.positionals[0])'") }
        let appVersion = try args.required(appVersion)
        guard OTAStorageLayout.isPlainFileName(appVersion) else {
            throw UsageError(message: "--app-version '\(appVersion)' is not a plain file name")
        }
        return OTAStorageLayout(storageRoot: URL(fileURLWithPath: try args.required(into)), appVersion: appVersion)
    }
}
