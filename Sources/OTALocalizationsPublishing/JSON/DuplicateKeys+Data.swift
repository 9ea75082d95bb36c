import Foundation
import OTALocalizationsCore

// A text parsed only to look for duplicate keys: `manifest.json`'s check, which CI alone reads (devices parse the
// index and envelopes once, then look into the parsed value).
extension DuplicateKeys {
    /// The first duplicated key, in document order, or nil when there is none; nil too when `bytes` is not strict
    /// JSON (the caller's decoder reports that).
    package static func first(in bytes: Data) -> String? {
        guard let value = try? OrderedJSONParser.parse([UInt8](bytes)) else { return nil }
        return first(in: value)
    }
}
