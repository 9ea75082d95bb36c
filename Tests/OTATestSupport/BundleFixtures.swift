/// Files of an installed module bundle, written by hand in tests (never by the code under test).
public enum BundleFixtures {
    /// A bundle `Info.plist` byte for byte as the packager writes it (and the client installs it): development
    /// region `en`, version 6.0, type `BNDL`, tab-indented.
    public static let infoPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>CFBundleDevelopmentRegion</key>
        \t<string>en</string>
        \t<key>CFBundleInfoDictionaryVersion</key>
        \t<string>6.0</string>
        \t<key>CFBundlePackageType</key>
        \t<string>BNDL</string>
        </dict>
        </plist>

        """

    /// The same with `developmentRegion`.
    public static func infoPlist(developmentRegion: String) -> String {
        infoPlist.replacingOccurrences(of: "<string>en</string>", with: "<string>\(developmentRegion)</string>")
    }
}
