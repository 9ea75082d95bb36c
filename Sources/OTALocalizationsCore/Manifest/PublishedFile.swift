/// One file of a publish as the manifest and the index name it: a module's full ZIP, one of its slices, or a part of
/// the index. `path` is a plain file name in the version folder (opaque to clients), `sha256` the file's SHA-256 as
/// 64 lowercase hex digits, `size` its size in bytes; a device checks both before it uses a byte of the file.
public struct PublishedFile: Sendable, Equatable {
    /// The file's name in the version folder, a plain file name.
    public var path: String
    /// SHA-256 of the file, 64 lowercase hex digits.
    public var sha256: String
    /// The file's size in bytes.
    public var size: Int64

    public init(path: String, sha256: String, size: Int64) {
        self.path = path
        self.sha256 = sha256
        self.size = size
    }
}
