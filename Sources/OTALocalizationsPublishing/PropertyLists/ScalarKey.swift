import OTALocalizationsCore

/// A string compared and hashed by its exact Unicode scalars, unlike `String` (which treats canonically
/// equivalent strings as equal). Catalog keys and languages are matched this way, as Xcode's `NSString` does, and the
/// binary property-list writer shares equal strings this way.
package struct ScalarKey: Hashable, Sendable {
    package let text: String

    package init(_ text: String) { self.text = text }

    package static func == (left: ScalarKey, right: ScalarKey) -> Bool {
        left.text.unicodeScalars.elementsEqual(right.text.unicodeScalars)
    }

    package func hash(into hasher: inout Hasher) {
        for scalar in text.unicodeScalars { hasher.combine(scalar.value) }
    }
}

/// Ordering of strings by Unicode scalar values (code points), the order Python's `sorted` and
/// `plistlib(sort_keys=True)` use and the one every observed Xcode output agrees with (docs/string-catalogs.md, "Output
/// format").
package enum ScalarOrder {
    /// Whether `left` comes before `right` in Unicode scalar order.
    package static func precedes(_ left: String, _ right: String) -> Bool {
        left.unicodeScalars.lexicographicallyPrecedes(right.unicodeScalars)
    }
}
