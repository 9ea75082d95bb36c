/// A string compared and hashed by its exact Unicode scalars, unlike `String` (which treats canonically
/// equivalent strings as equal). Catalog keys and languages are matched this way, as Xcode's `NSString` does.
struct ScalarKey: Hashable, Sendable {
    let text: String

    init(_ text: String) { self.text = text }

    static func == (left: ScalarKey, right: ScalarKey) -> Bool {
        left.text.unicodeScalars.elementsEqual(right.text.unicodeScalars)
    }

    func hash(into hasher: inout Hasher) {
        for scalar in text.unicodeScalars { hasher.combine(scalar.value) }
    }
}
