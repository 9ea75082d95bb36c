import OTALocalizationsCore

/// One token of a printf-style format string as ``FormatTokenizer`` reads it: a conversion specification, a
/// `%%` literal, or a `%#@name@` `.stringsdict` variable.
///
/// Grammar: IEEE Std 1003.1 `fprintf` (`%[n$][flags][width][.precision][length]conversion`, with `*` and `*m$`
/// for a width or precision taken from an argument, and `%n`), Apple's "String Format Specifiers" (`%@`,
/// `%C`/`%S`, `%D`/`%U`/`%O`, the `q` length modifier), the `%#@name@` variables of the Stringsdict file format,
/// and, where the caller asks for them, Xcode 26's named arguments of String Catalogs (`%(count)lld`,
/// `%1$(limit)lld`: a name between the precision and the length modifier; docs/string-catalogs.md).
///
/// Shared by validation (which maps it to its public `FormatSpecifier`) and the catalog compiler (which rewrites
/// named arguments away); each keeps from the token what it needs.
package struct FormatToken: Sendable, Equatable {
    /// A width or precision.
    package enum Amount: Sendable, Equatable {
        /// Written as digits.
        case fixed(Int)
        /// Written `*` (next argument) or `*m$` (argument `m`, 1-based); the argument is an `int`.
        case argument(position: Int?)
    }

    /// A length modifier (POSIX `hh h l ll L z t j`, Apple's `q` = `ll`).
    package enum LengthModifier: String, Sendable, Equatable, CaseIterable {
        case hh, h, l, ll, q, L, z, t, j
    }

    /// How the argument a conversion reads is passed through C variable arguments (the table is in
    /// docs/validation.md, "Format specifier rules").
    package enum ArgumentKind: String, Sendable, Equatable, CaseIterable {
        case object, int8, int16, int32, int64, double, longDouble, cString, unicharString, wideString, pointer
        case writeBack
    }

    /// The token as written, for example `%2$-5.2ld`, `%%` or `%#@count@`.
    package var text: String
    /// Offset of the `%` in Unicode scalars from the start of the string (0-based).
    package var offset: Int
    /// The token's bytes in the string's UTF-8 (the `%` to just after the conversion or closing `@`).
    package var utf8Range: Range<Int>
    /// The `n` of `%n$`, or nil when the token is not positional.
    package var position: Int?
    /// The flag characters in the order written (`-`, `+`, space, `#`, `0`, `'`); `#` for a variable.
    package var flags: String
    package var width: Amount?
    package var precision: Amount?
    /// Flags, width and precision exactly as written (`-08.2`), without the position and the name.
    package var flagsWidthAndPrecision: String
    /// The name of a named argument (`%(count)lld` → `count`), or nil.
    package var name: String?
    package var lengthModifier: LengthModifier?
    /// The conversion character (`d`, `@`, …): `%` for the literal, `@` for a variable.
    package var conversion: Character
    /// The name of a `%#@name@` `.stringsdict` variable, or nil for any other token.
    package var variable: String?

    /// Whether the token is the literal `%%`.
    package var isLiteralPercent: Bool { conversion == "%" && variable == nil }

    /// The kind of argument the token's value reads, or nil for `%%` and for a variable (whose type comes from its
    /// rule's `NSStringFormatValueTypeKey`).
    package var argumentKind: ArgumentKind? {
        if variable != nil || isLiteralPercent { return nil }
        return Self.argumentKind(conversion: conversion, length: lengthModifier)
    }

    /// The argument kind of a conversion character under a length modifier, or nil when the pair is not a
    /// conversion Apple's formatter knows (POSIX `fprintf` table plus Apple's `@`, `C`, `S`, `D`, `U`, `O`).
    package static func argumentKind(conversion: Character, length: LengthModifier?) -> ArgumentKind? {
        switch conversion {
        case "@":
            return .object
        case "d", "i", "u", "x", "X", "o":
            switch length {
            case nil: return .int32
            case .hh: return .int8
            case .h: return .int16
            case .l, .ll, .q, .z, .t, .j: return .int64
            case .L: return nil
            }
        case "D", "U", "O":
            // Apple lists these as synonyms of %ld, %lu, %lo.
            return length == nil ? .int64 : nil
        case "c":
            return (length == nil || length == .l) ? .int32 : nil
        case "C":
            return length == nil ? .int32 : nil
        case "f", "F", "e", "E", "g", "G", "a", "A":
            switch length {
            case nil, .l: return .double
            case .L: return .longDouble
            default: return nil
            }
        case "s":
            switch length {
            case nil: return .cString
            case .l: return .wideString
            default: return nil
            }
        case "S":
            return length == nil ? .unicharString : nil
        case "p":
            return length == nil ? .pointer : nil
        case "n":
            return .writeBack
        default:
            return nil
        }
    }
}
