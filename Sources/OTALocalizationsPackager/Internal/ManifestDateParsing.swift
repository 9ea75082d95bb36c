import Foundation
import OTALocalizationsCore

/// Bridges to the manifest's date rules so the packager parses dates exactly as clients do.
enum ManifestDateParsing {
    static func parse(_ text: String) -> Date? { ManifestDate.parse(text) }
}
