import Foundation
import OTALocalizationsNames

/// The `Info.plist` at the root of every module's bundle: written by the packager into each ZIP and, in exactly
/// this form, by the client into each installed folder (whatever form the ZIP's copy had).
///
/// Keys (Apple: "Information Property List" reference): `CFBundleDevelopmentRegion` (the language Apple's
/// `Bundle` falls back to, docs/apple-platform.md L5), `CFBundleInfoDictionaryVersion` `6.0`, and
/// `CFBundlePackageType` `BNDL`. No bundle identifier is written: `Bundle` shares instances by identifier
/// (docs/apple-platform.md C1), and each installed copy must stay a distinct bundle.
public enum BundleInfoPlist {
    /// XML property-list bytes, UTF-8, tab-indented like Xcode's, identical for identical input: the bytes
    /// `PropertyListWriter` (OTALocalizationsPublishing, the writer of the compiled String Catalog tables) gives for
    /// this dictionary, written here from a template so that the device links no property-list writer.
    ///
    /// - Parameter developmentRegion: a language name such as `en`; `&`, `<` and `>` are XML-escaped.
    public static func bytes(developmentRegion: String) -> Data {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>CFBundleDevelopmentRegion</key>
            \t<string>
            """
        for scalar in developmentRegion.unicodeScalars {
            switch scalar {
            case "&": text += "&amp;"
            case "<": text += "&lt;"
            case ">": text += "&gt;"
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += """
            </string>
            \t<key>CFBundleInfoDictionaryVersion</key>
            \t<string>6.0</string>
            \t<key>CFBundlePackageType</key>
            \t<string>BNDL</string>
            </dict>
            </plist>

            """
        return Data(text.utf8)
    }

    /// The `CFBundleDevelopmentRegion` an `Info.plist` declares, or nil when it has none (or not a string).
    ///
    /// Reads XML or binary property lists with ``PropertyListReader`` (never `PropertyListSerialization`, which
    /// leaks on malformed input, docs/apple-platform.md X8).
    /// - Throws: `TableError` (code `.propertyList` or `.encoding`) when `data` is not a property list, and code
    ///   `.structure` when its root is not a dictionary.
    public static func developmentRegion(in data: Data) throws(TableError) -> String? {
        let root = try PropertyListReader.read(data, path: BundlePath.infoPlist).value
        guard let dictionary = root.dictionaryValue else {
            throw TableError(code: .structure, reason: "the root of Info.plist is not a dictionary", path: BundlePath.infoPlist)
        }
        return dictionary["CFBundleDevelopmentRegion"]?.stringValue
    }
}
