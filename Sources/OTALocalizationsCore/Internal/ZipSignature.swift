/// Record signatures and fixed values of the ZIP format (APPNOTE.TXT 6.3.10, section numbers in comments).
enum ZipSignature {
    /// Local file header, 4.3.7.
    static let localFile: UInt32 = 0x0403_4B50
    /// Data descriptor (optional signature), 4.3.9.
    static let dataDescriptor: UInt32 = 0x0807_4B50
    /// Central directory file header, 4.3.12.
    static let centralFile: UInt32 = 0x0201_4B50
    /// ZIP64 end of central directory record, 4.3.14.
    static let zip64End: UInt32 = 0x0606_4B50
    /// ZIP64 end of central directory locator, 4.3.15.
    static let zip64Locator: UInt32 = 0x0706_4B50
    /// End of central directory record, 4.3.16.
    static let end: UInt32 = 0x0605_4B50
    /// ZIP64 extended information extra field tag, 4.5.3.
    static let zip64ExtraTag: UInt16 = 0x0001
}
