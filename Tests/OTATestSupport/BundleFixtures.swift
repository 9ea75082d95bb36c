/// Files of an installed module bundle, written by hand in tests (never by the code under test).
public enum BundleFixtures {
    /// A bundle `Info.plist` as the packager writes it: development region `en`, version 6.0, type `BNDL`.
    public static let infoPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
            <key>CFBundleDevelopmentRegion</key>
            <string>en</string>
            <key>CFBundleInfoDictionaryVersion</key>
            <string>6.0</string>
            <key>CFBundlePackageType</key>
            <string>BNDL</string>
        </dict>
        </plist>

        """
}
