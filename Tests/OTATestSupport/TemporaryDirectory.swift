import Foundation

/// A fresh folder under the system temporary directory, removed by ``remove()``.
public struct TemporaryDirectory: Sendable {
    public let url: URL

    /// Creates `<tmp>/ota-tests-<prefix>-<uuid>/`.
    public init(_ prefix: String = "t") throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("ota-tests-\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    public var path: String { url.path }

    /// Writes `contents` at `relativePath`, creating folders as needed; returns the file's URL.
    @discardableResult
    public func write(_ relativePath: String, _ contents: String) throws -> URL {
        try write(relativePath, Data(contents.utf8))
    }

    @discardableResult
    public func write(_ relativePath: String, _ data: Data) throws -> URL {
        let file = url.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
        return file
    }

    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
