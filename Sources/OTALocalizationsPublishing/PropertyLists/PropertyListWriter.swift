import Foundation
import OTALocalizationsCore

/// The one property-list writer: a ``PropertyListNode`` as XML or binary bytes, the same bytes for the same node.
/// The String Catalog compiler writes its tables with it and ``BundleInfoPlist`` every bundle's `Info.plist`.
///
/// The two layouts are Xcode's (docs/string-catalogs.md, "Output format", checked byte for byte against the oracle
/// pairs): XML as `xcstringstool compile` writes it, binary (`bplist00`) as the iOS build's CopyStringsFile step
/// leaves it. Keys are sorted by Unicode scalar values in both. Thread-safe: pure functions of their input.
package enum PropertyListWriter {
    /// The encoding of a written property list.
    package enum Format: Sendable {
        /// An XML property list: UTF-8, Apple's DOCTYPE, tab-indented.
        case xml
        /// A binary property list (`bplist00`).
        case binary
    }

    /// The bytes of `root` in `format`.
    package static func data(_ root: PropertyListNode, format: Format) -> Data {
        switch format {
        case .xml: return PropertyListXMLWriter.data(root)
        case .binary: return PropertyListBinaryWriter.data(root)
        }
    }
}
