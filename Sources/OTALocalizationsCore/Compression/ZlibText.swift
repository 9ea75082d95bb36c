import COTAZlib

/// Human text for a zlib result code, preferring the stream's own message.
package enum ZlibText {
    package static func message(_ code: Int32, _ stream: z_stream) -> String {
        if let msg = stream.msg { return String(cString: msg) }
        if let text = zError(code) { return String(cString: text) }
        return "zlib error \(code)"
    }
}
