import OTALocalizationsCore
import OTALocalizationsPublishing

/// One conversion specification of a printf-style format string, as `String(format:)` and
/// `NSString(format:)` read it, or one `%#@variable@` reference of a `.stringsdict` format.
///
/// Grammar: IEEE Std 1003.1 `fprintf` (`%[n$][flags][width][.precision][length]conversion`, with `*` and
/// `*m$` for a width or precision taken from an argument) plus Apple's "String Format Specifiers"
/// (`%@` for an object, `%C`/`%S` for `unichar`/`unichar *`, the `q` length modifier) and the
/// `%#@name@` variables of the Stringsdict file format (docs/apple-platform.md P1).
/// `%%` is parsed as a literal and consumes no argument.
public struct FormatSpecifier: Sendable, Equatable {
    /// A width or precision.
    public enum Amount: Sendable, Equatable {
        /// Written as digits.
        case fixed(Int)
        /// Written `*` (next argument) or `*m$` (argument `m`, 1-based); the argument is an `int`.
        case argument(position: Int?)
    }

    /// A length modifier (POSIX `hh h l ll L z t j`, Apple's `q` = `ll`).
    public enum LengthModifier: String, Sendable, Equatable, CaseIterable {
        case hh, h, l, ll, q, L, z, t, j
    }

    /// What a specifier consumes: how the argument is passed through C variable arguments.
    ///
    /// Two specifiers agree when their argument types are equal. Signed and unsigned integers of one size
    /// share a type (`%d`, `%u`, `%x`, `%o`, `%c`, `%C` all read an `int`); every 64-bit integer modifier
    /// shares one (`l`, `ll`, `q`, `z`, `t`, `j` are 64 bits on Apple's 64-bit platforms); `hh` and `h`
    /// are types of their own because they print a truncated value.
    public enum ArgumentType: String, Sendable, Equatable, Codable, CaseIterable {
        /// `%@`: an Objective-C object (`NSString`, `NSNumber`, any `CVarArg` object).
        case object
        /// `%hhd`, `%hhu`, …: an `int` printed as a `char`.
        case int8
        /// `%hd`, `%hu`, …: an `int` printed as a `short`.
        case int16
        /// `%d %i %u %x %X %o %c %C` and `%lc`: a 32-bit `int`.
        case int32
        /// `%ld %lld %qd %zd %td %jd` and their unsigned forms: a 64-bit integer.
        case int64
        /// `%f %F %e %E %g %G %a %A` (and `%lf`): a `double`.
        case double
        /// `%Lf`, …: a `long double`.
        case longDouble
        /// `%s`: a NUL-terminated C string of `char`.
        case cString
        /// `%S`: a NUL-terminated string of `unichar` (UTF-16).
        case unicharString
        /// `%ls`: a NUL-terminated string of `wchar_t` (32 bits on Apple platforms).
        case wideString
        /// `%p`: a pointer.
        case pointer
        /// `%n` and its length variants: a pointer the formatter writes to.
        case writeBack
    }

    /// The text of the specifier as written, for example `%2$-5.2ld` or `%#@count@`.
    public var text: String
    /// Offset of the `%` in Unicode scalars from the start of the string (0-based).
    public var offset: Int
    /// The `n` of `%n$`, or nil when the specifier is not positional.
    public var position: Int?
    /// The flag characters in the order written (`-`, `+`, space, `#`, `0`, `'`).
    public var flags: String
    public var width: Amount?
    public var precision: Amount?
    public var lengthModifier: LengthModifier?
    /// The conversion character (`d`, `@`, `%`, …); `@` also for a `%#@name@` variable.
    public var conversion: Character
    /// The name of a `%#@name@` `.stringsdict` variable, or nil for a printf conversion.
    public var variable: String?

    public init(
        text: String, offset: Int, position: Int? = nil, flags: String = "", width: Amount? = nil,
        precision: Amount? = nil, lengthModifier: LengthModifier? = nil, conversion: Character,
        variable: String? = nil
    ) {
        self.text = text
        self.offset = offset
        self.position = position
        self.flags = flags
        self.width = width
        self.precision = precision
        self.lengthModifier = lengthModifier
        self.conversion = conversion
        self.variable = variable
    }

    /// Whether the specifier is the literal `%%`.
    public var isLiteralPercent: Bool { conversion == "%" && variable == nil }

    /// The type of the value argument this specifier reads, or nil for `%%` and for a `.stringsdict`
    /// variable (whose type comes from its rule's `NSStringFormatValueTypeKey`).
    public var argumentType: ArgumentType? {
        if variable != nil || isLiteralPercent { return nil }
        return FormatSpecifier.argumentType(conversion: conversion, length: lengthModifier)
    }

    /// The argument type of a conversion character under a length modifier, or nil when the pair is not a
    /// conversion Apple's formatter knows (POSIX `fprintf` table plus Apple's `@`, `C`, `S`, `D`, `U`, `O`).
    public static func argumentType(conversion: Character, length: LengthModifier?) -> ArgumentType? {
        let modifier = length.map { FormatToken.LengthModifier(rawValue: $0.rawValue)! }
        return FormatToken.argumentKind(conversion: conversion, length: modifier).map(ArgumentType.init)
    }
}
