import Foundation

/// The `Info.plist` written at the root of every module's bundle.
///
/// Keys (Apple: "Information Property List" reference): `CFBundleDevelopmentRegion` (the language Apple's
/// `Bundle` falls back to, APPLE-BUNDLE.md row 1.5), `CFBundleInfoDictionaryVersion` `6.0`, and
/// `CFBundlePackageType` `BNDL`. No bundle identifier is written: `Bundle` shares instances by identifier
/// (APPLE-BUNDLE.md row 3.5), and each installed copy must stay a distinct bundle.
public enum BundleInfoPlist {
    /// XML property-list bytes, UTF-8, tab-indented like Xcode's, identical for identical input.
    ///
    /// - Parameter developmentRegion: a language name such as `en`; XML-escaped as needed.
    public static func bytes(developmentRegion: String) -> Data {
        let region = developmentRegion
            .replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>CFBundleDevelopmentRegion</key>
            \t<string>\(region)</string>
            \t<key>CFBundleInfoDictionaryVersion</key>
            \t<string>6.0</string>
            \t<key>CFBundlePackageType</key>
            \t<string>BNDL</string>
            </dict>
            </plist>

            """
        return Data(text.utf8)
    }
}
