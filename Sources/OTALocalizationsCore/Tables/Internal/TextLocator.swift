/// The one converter of offsets in a text into 1-based line and column numbers, for every parser's messages: Unicode
/// scalar offsets into decoded `.strings` and property-list text, or byte offsets into UTF-8 (String Catalog and other
/// JSON). Columns count Unicode scalars either way.
package struct TextLocator: Sendable {
    /// Which characters end a line.
    package enum LineBreaks: Sendable {
        /// LF, CR, or CR LF (counted once), as CF's `lineNumberStrings` counts them in `.strings` and property lists.
        case lineFeedOrCarriageReturn
        /// LF only (so a CR LF pair counts once, at its LF): JSON's lines.
        case lineFeed
    }

    /// The offset at which each line starts, in increasing order; the first is 0.
    private let lineStarts: [Int]
    private let count: Int
    /// The text when offsets are UTF-8 byte offsets (a column then counts the bytes that start a scalar); nil when
    /// offsets are scalar offsets.
    private let utf8: [UInt8]?

    /// A locator for scalar offsets into `scalars`.
    package init(scalars: [Unicode.Scalar], lineBreaks: LineBreaks) {
        lineStarts = scalars.withUnsafeBufferPointer { buffer in
            Self.lineStarts(count: buffer.count, lineBreaks: lineBreaks) { buffer[$0].value }
        }
        count = scalars.count
        utf8 = nil
    }

    /// A locator for byte offsets into the UTF-8 text `utf8`.
    package init(utf8: [UInt8], lineBreaks: LineBreaks) {
        // LF and CR are ASCII, and no byte of a multi-byte UTF-8 sequence is: bytes find the breaks scalars would.
        lineStarts = utf8.withUnsafeBufferPointer { buffer in
            Self.lineStarts(count: buffer.count, lineBreaks: lineBreaks) { UInt32(buffer[$0]) }
        }
        count = utf8.count
        self.utf8 = utf8
    }

    /// Line and column of the scalar or byte at `offset` (clamped to the text; the end of text is a valid place).
    package func location(of offset: Int) -> (line: Int, column: Int) {
        let target = min(max(offset, 0), count)
        // The last line start at or before `target`.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= target { low = middle } else { high = middle - 1 }
        }
        let start = lineStarts[low]
        guard let utf8 else { return (low + 1, target - start + 1) }
        var column = 1
        for index in start..<target where utf8[index] & 0xC0 != 0x80 { column += 1 }
        return (low + 1, column)
    }

    /// One-off lookup of a scalar offset, lines ending as CF counts them.
    static func location(of offset: Int, in scalars: [Unicode.Scalar]) -> (line: Int, column: Int) {
        TextLocator(scalars: scalars, lineBreaks: .lineFeedOrCarriageReturn).location(of: offset)
    }

    /// Where each line starts, for a text of `count` units whose value `unit(index)` gives.
    private static func lineStarts(count: Int, lineBreaks: LineBreaks, unit: (Int) -> UInt32) -> [Int] {
        var starts = [0]
        for index in 0..<count {
            let value = unit(index)
            guard value <= 0x0D else { continue }
            if value == 0x0A {
                starts.append(index + 1)
            } else if value == 0x0D, lineBreaks == .lineFeedOrCarriageReturn {
                // CR LF: the LF ends the line.
                if index + 1 == count || unit(index + 1) != 0x0A { starts.append(index + 1) }
            }
        }
        return starts
    }
}
