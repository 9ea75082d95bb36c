/// The arguments one format string reads, as a short list sorted by position: each position once, with the
/// first type it is read as, or nil when only variables of unknown type read it.
///
/// It holds what ``FormatArguments`` holds apart from ``FormatArguments/conflicts``: ``FormatArguments/types``
/// is the reads with a type, ``FormatArguments/untypedPositions`` those without. A format string reads a
/// handful of arguments, so the `.stringsdict` comparisons, which run once per localization and entry, scan
/// this list instead of building a dictionary and a set.
struct ArgumentReads: Sendable, Equatable {
    /// One position read.
    struct Read: Sendable, Equatable {
        /// 1-based argument position.
        var position: Int
        /// The first type the position is read as; nil when only variables of unknown type read it.
        var type: FormatSpecifier.ArgumentType?
    }

    /// The positions read, in increasing order.
    private(set) var reads: [Read]

    /// Collects the reads of a parsed format string, in the order of ``FormatArguments/forEachRead(in:firstSequentialPosition:variableType:_:)``.
    /// - Parameters:
    ///   - format: the parsed string.
    ///   - firstSequentialPosition: the position the first non-positional specifier reads (see ``FormatArguments``).
    ///   - variableType: the argument type of a `%#@name@` variable, or nil when unknown.
    init(
        _ format: ParsedFormat, firstSequentialPosition: Int = 1,
        variableType: (String) -> FormatSpecifier.ArgumentType?
    ) {
        var reads: [Read] = []
        FormatArguments.forEachRead(
            in: format, firstSequentialPosition: firstSequentialPosition, variableType: variableType
        ) { position, type in
            if let index = reads.firstIndex(where: { $0.position == position }) {
                if reads[index].type == nil { reads[index].type = type }
            } else {
                reads.append(Read(position: position, type: type))
            }
        }
        if reads.count > 1 { reads.sort { $0.position < $1.position } }
        self.reads = reads
    }
}
