import OTALocalizationsPackager

/// A ``PackagerError`` worded for the command line.
enum PackagerErrorText {
    /// The error's first line as `ota-localizations` prints it.
    static func message(_ error: PackagerError) -> String {
        error.reason
    }
}
