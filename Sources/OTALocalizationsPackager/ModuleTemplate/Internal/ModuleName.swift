import Foundation

/// The rules a module name must meet before the template writes it into Swift sources and file names, and the Swift
/// identifier the template derives from it.
///
/// The template accepts every name discovery publishes (`ModuleArchive.isPublishableModuleName`: Xcode targets such
/// as `Widget Extension` have spaces), as long as a device can store it. The name goes into the Swift sources only
/// inside a string literal; type and file names use ``identifier(for:)``.
enum ModuleName {
    /// The longest storage name on a device, in bytes (`NAME_MAX`): `OTAStorageLayout.storageName(forModule:)` writes
    /// each byte of the name's canonical composition (NFC) that is not a lowercase ASCII letter, a digit, `-` or `_`
    /// as three (`%43` for `C`).
    static let maximumStorageBytes = 255

    /// Nil when `name` is usable, else the reason it is not (a sentence that ends with what to do).
    static func problem(with name: String) -> String? {
        guard !name.isEmpty else { return "the module name is empty; pass the module's name as 'ota-localizations modules' lists it, e.g. Checkout" }
        if let bad = name.unicodeScalars.first(where: { $0 == "/" || $0 == "\\" || $0.value < 0x20 || $0.value == 0x7F }) {
            let shown = bad.value >= 0x20 && bad.value < 0x7F ? "'\(Character(bad))'" : String(format: "U+%04X", bad.value)
            return "module name '\(name)' contains \(shown), which no module name can (it is one file name on the device); "
                + "pass the module's name as 'ota-localizations modules' lists it"
        }
        if name == "." || name == ".." {
            return "module name '\(name)' is not a file name; pass the module's name as 'ota-localizations modules' lists it"
        }
        if name.utf8.count > ModuleArchive.maximumModuleNameBytes {
            return "module name '\(name)' has \(name.utf8.count) UTF-8 bytes; the packager publishes at most \(ModuleArchive.maximumModuleNameBytes) "
                + "(<name>-<16 hex digits>.zip must fit a file name), so choose a shorter name"
        }
        let bytes = storageBytes(name)
        if bytes > maximumStorageBytes {
            return "module name '\(name)' takes \(bytes) bytes as a folder name on the device, more than \(maximumStorageBytes) "
                + "(each character other than a lowercase ASCII letter, a digit, '-' or '_' takes 3 per UTF-8 byte); "
                + "choose a shorter name"
        }
        return nil
    }

    /// The length of the module's folder name on the device (see ``maximumStorageBytes``).
    static func storageBytes(_ name: String) -> Int {
        name.precomposedStringWithCanonicalMapping.utf8.reduce(0) { total, byte in
            let literal = (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || byte == 0x2D || byte == 0x5F
            return total + (literal ? 1 : 3)
        }
    }

    /// A Swift identifier made from `name`, for `<identifier>Strings`: its ASCII letters, digits and `_` (accents
    /// folded: `Café` gives `Cafe`), each word after a dropped character starting with a capital (`Widget Extension`
    /// gives `WidgetExtension`, `SyncUI-iOS` gives `SyncUIIOS`); `Module` in front when that is empty or starts with a
    /// digit (`2FA` gives `Module2FA`). The name itself when it is already such an identifier.
    static func identifier(for name: String) -> String {
        let folded = name.folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil)
        var result = ""
        var capitalizeNext = false
        for scalar in folded.unicodeScalars {
            guard isIdentifierScalar(scalar) else {
                capitalizeNext = !result.isEmpty
                continue
            }
            let text = String(scalar)
            result += capitalizeNext ? text.uppercased() : text
            capitalizeNext = false
        }
        if result.isEmpty || result.unicodeScalars.first.map({ ("0"..."9").contains($0) }) == true {
            result = "Module" + result
        }
        // A type name starts with a capital (Swift API Design Guidelines, "Follow case conventions"; SwiftLint's
        // type_name): `ownCloud` gives `OwnCloud`.
        return result.prefix(1).uppercased() + result.dropFirst()
    }

    /// The text of `name` inside a Swift string literal: `\` and `"` escaped.
    static func literal(_ name: String) -> String {
        name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }

    private static func isIdentifierScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_"
    }
}
