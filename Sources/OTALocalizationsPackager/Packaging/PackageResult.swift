import Foundation
import OTALocalizationsCore
import OTALocalizationsValidation

/// What a `package` run published.
public struct PackageResult: Sendable {
    /// One published module.
    public struct Module: Sendable, Equatable {
        public var name: String
        /// The ZIP's file name inside the version folder.
        public var path: String
        public var sha256: String
        /// ZIP size in bytes.
        public var size: Int64
        /// Number of tables in the module.
        public var files: Int
        public var localizations: [String]
        /// Against `--previous`: true when the hash differs or the module is new; nil without `--previous`.
        public var changed: Bool?
        /// False when an identical ZIP was already in the output folder and was left untouched.
        public var written: Bool
    }

    public var appVersion: String
    /// The written `manifest.json` (`manifest.<channel>.json` for another channel).
    public var manifestURL: URL
    public var manifest: Manifest
    public var modules: [Module]
    public var skipped: [SkippedFile]
    /// Validation findings that did not block the publish (warnings, notes, baselined findings).
    public var diagnostics: [ValidationDiagnostic]
    /// Things worth a look that did not stop the publish: a previous manifest of another app version, or published
    /// later than this one.
    package var warnings: [PackageWarning] = []
    /// Temporary files of killed runs removed from the version folder before writing (`.<name>.<pid>.tmp`).
    public var removedTemporaries: [String] = []
}
