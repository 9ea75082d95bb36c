/// Property-list texts shared by the Core and Packager tests.
public enum PropertyListFixtures {
    /// A `.stringsdict` with a key written twice inside a rule (`other`, on lines 14 and 18) and a top-level key
    /// written twice (`plain`, on lines 22 and 24); Python's `plistlib` keeps the later values.
    public static let duplicateKeysStringsDict = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>files</key>
        \t<dict>
        \t\t<key>NSStringLocalizedFormatKey</key>
        \t\t<string>%#@count@</string>
        \t\t<key>count</key>
        \t\t<dict>
        \t\t\t<key>NSStringFormatSpecTypeKey</key>
        \t\t\t<string>NSStringPluralRuleType</string>
        \t\t\t<key>NSStringFormatValueTypeKey</key>
        \t\t\t<string>d</string>
        \t\t\t<key>other</key>
        \t\t\t<string>%d files (first)</string>
        \t\t\t<key>one</key>
        \t\t\t<string>%d file</string>
        \t\t\t<key>other</key>
        \t\t\t<string>%d files</string>
        \t\t</dict>
        \t</dict>
        \t<key>plain</key>
        \t<string>First</string>
        \t<key>plain</key>
        \t<string>Second</string>
        </dict>
        </plist>

        """
}
