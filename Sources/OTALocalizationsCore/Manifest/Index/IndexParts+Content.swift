import Foundation

/// The base part of the published index (`index-base-<16 hex>.json.gz`): for every module, its name, its
/// localizations and its base slice, or its full ZIP when it is published without slices.
public struct IndexBasePart: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        /// The module's name, as in the manifest.
        public var name: String
        /// The module's `.lproj` names without the extension, sorted (``ManifestModule/localizations``).
        public var localizations: [String]
        /// The base slice of a module cut into slices; nil for a module published as one ZIP.
        public var base: PublishedFile?
        /// The full ZIP of a module published without slices; nil otherwise (the full part has every full ZIP).
        public var full: PublishedFile?

        public init(name: String, localizations: [String], base: PublishedFile?, full: PublishedFile?) {
            self.name = name
            self.localizations = localizations
            self.base = base
            self.full = full
        }
    }

    /// Valid entries, in file order (sorted by name as written).
    public var modules: [Entry]
    /// Entries set aside while decoding, with the reason.
    public var rejectedModules: [RejectedModule]

    public init(modules: [Entry], rejectedModules: [RejectedModule] = []) {
        self.modules = modules
        self.rejectedModules = rejectedModules
    }
}

/// A part that gives one file per module: the full part (`index-full-…`, every module's full ZIP) or a localization
/// part (`index-<localization>-…`, every module's slice of that localization).
public struct IndexFilesPart: Sendable, Equatable {
    /// `full`, or the localization's name.
    public var kind: Kind
    /// The file of each module, by module name.
    public var files: [String: PublishedFile]
    /// Entries set aside while decoding, with the reason.
    public var rejectedModules: [RejectedModule]

    /// What a files part lists.
    public enum Kind: Sendable, Equatable {
        case full
        case localization(String)
    }

    public init(kind: Kind, files: [String: PublishedFile], rejectedModules: [RejectedModule] = []) {
        self.kind = kind
        self.files = files
        self.rejectedModules = rejectedModules
    }
}
