/// Why ``ModuleTemplate`` refused a name or could not write its files, with a stable ``code``.
public struct ModuleTemplateError: Error, Sendable, Equatable, CustomStringConvertible {
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The module name is not an ASCII Swift identifier usable as a file name.
        public static let invalidName = Code(rawValue: "invalid-name")
        /// A file the template would write already exists; nothing was written.
        public static let fileExists = Code(rawValue: "file-exists")
        /// A Swift file in the output folder already declares `localizationBundle` in an `extension Bundle`, or the
        /// `<Identifier>Strings` type: the module has the boilerplate, and a second copy would not compile
        /// (`invalid redeclaration`). Nothing was written.
        public static let alreadyDeclared = Code(rawValue: "already-declared")
        /// The output folder could not be created, or a file could not be written.
        public static let io = Code(rawValue: "io")
    }

    public var code: Code
    /// One line: what is wrong, where, and what to do.
    public var reason: String
    /// The paths concerned (the existing files for `file-exists`; for `already-declared`, each declaration as
    /// `path:line:column`); empty for `invalid-name`.
    public var paths: [String]
    /// `io`: the folder to write into (the one path in ``paths``) is a file.
    public var folderIsAFile: Bool

    public init(code: Code, reason: String, paths: [String] = [], folderIsAFile: Bool = false) {
        self.code = code
        self.reason = reason
        self.paths = paths
        self.folderIsAFile = folderIsAFile
    }

    public var description: String { reason }
}
