import Dispatch
import Foundation
import OTALocalizationsSync

/// A published version folder, local (`<output>/<version>`) or on a host (`https://cdn/base/<version>`), read
/// file by file as a device would: whole bodies, status 200 only.
struct PublishedFolder {
    let location: URL
    let isRemote: Bool

    /// `text` as an http(s) URL when it starts with a scheme, else a folder path.
    init(_ text: String) {
        if text.hasPrefix("http://") || text.hasPrefix("https://"), let url = URL(string: text) {
            location = url
            isRemote = true
        } else {
            location = URL(fileURLWithPath: text, isDirectory: true)
            isRemote = false
        }
    }

    /// The folder's last path component: the app version it is published for.
    var appVersion: String { location.standardized.lastPathComponent }

    /// Where `name` is, as shown in messages.
    func display(_ name: String) -> String {
        isRemote ? url(name).absoluteString : location.appendingPathComponent(name).path
    }

    private func url(_ name: String) -> URL {
        var text = location.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        let encoded = name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))) ?? name
        return URL(string: text + "/" + encoded) ?? location
    }

    /// The bytes of `name`, or a sentence saying why there are none.
    func read(_ name: String, maximumBytes: Int64) -> Result<Data, ReadFailure> {
        guard isRemote else {
            let file = location.appendingPathComponent(name)
            guard let data = FileManager.default.contents(atPath: file.path) else {
                return .failure(ReadFailure(message: "\(file.path): cannot be read"))
            }
            return .success(data)
        }
        let target = url(name)
        let box = ResultBox()
        let done = DispatchSemaphore(value: 0)
        Task {
            do {
                let response = try await URLSessionTransport().get(target, headers: [:], timeout: 30, maximumBytes: maximumBytes)
                box.value = response.statusCode == 200
                    ? .success(response.body)
                    : .failure(ReadFailure(message: "GET \(target.absoluteString): HTTP status \(response.statusCode)"))
            } catch {
                box.value = .failure(ReadFailure(message: "GET \(target.absoluteString): \(error)"))
            }
            done.signal()
        }
        done.wait()
        return box.value ?? .failure(ReadFailure(message: "GET \(target.absoluteString): no response"))
    }

    struct ReadFailure: Error {
        var message: String
    }

    private final class ResultBox: @unchecked Sendable {
        var value: Result<Data, ReadFailure>?
    }
}
