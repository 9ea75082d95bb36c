/// A development-region `.stringsdict` entry with what every translation of it is compared against worked
/// out once per module: the arguments its format reads, and for each rule the arguments and types a
/// translated form may read.
///
/// Immutable, and a class: every localization's comparison reads the same instance from its own thread, and
/// handing out one reference costs one reference count where a struct would count each of its buffers.
final class ReferenceDictEntry: Sendable {
    /// One plural rule of the development entry.
    struct Rule: Sendable {
        /// The variable name.
        let name: String
        let valueType: String?
        let argumentType: FormatSpecifier.ArgumentType?
        /// Each argument the development entry reads anywhere (its format, or any form of this rule), with
        /// the types it is read as there (the first type per string, once each); empty types: any type.
        let allowed: [(position: Int, types: [FormatSpecifier.ArgumentType])]

        /// The types a translated form may read at `position` (empty: any), or nil when the development
        /// entry never reads it.
        func allowedTypes(at position: Int) -> [FormatSpecifier.ArgumentType]? {
            for argument in allowed where argument.position == position { return argument.types }
            return nil
        }
    }

    /// What the format (`NSStringLocalizedFormatKey` or a plain string) reads, to compare quickly; nil when
    /// the entry has no format (width or device variants only).
    let formatReads: ArgumentReads?
    /// The same as ``FormatArguments``, to describe a difference.
    let formatArguments: FormatArguments?
    /// Sorted by variable name.
    let rules: [Rule]
    /// Width or device variants: variant key → nested entry.
    let variants: [String: ReferenceDictEntry]

    init(_ entry: StringsDictEntryInfo) {
        let formatReads = entry.parsedFormat.map { ArgumentReads($0, variableType: { entry.argumentType(ofVariable: $0) }) }
        self.formatReads = formatReads
        formatArguments = entry.parsedFormat.map { FormatArguments($0, variableTypes: entry.variableTypes) }
        rules = entry.rules.map { rule in
            var allowed: [(position: Int, types: [FormatSpecifier.ArgumentType])] = []
            func allow(_ reads: ArgumentReads) {
                for read in reads.reads {
                    var index = allowed.count
                    if let known = allowed.firstIndex(where: { $0.position == read.position }) {
                        index = known
                    } else {
                        allowed.append((read.position, []))
                    }
                    if let type = read.type, !allowed[index].types.contains(type) { allowed[index].types.append(type) }
                }
            }
            if let formatReads { allow(formatReads) }
            for form in rule.forms {
                allow(ArgumentReads(form.parsed, firstSequentialPosition: rule.position,
                                    variableType: { entry.argumentType(ofVariable: $0) }))
            }
            return Rule(name: rule.name, valueType: rule.valueType, argumentType: rule.argumentType, allowed: allowed)
        }
        variants = entry.variants.mapValues(ReferenceDictEntry.init)
    }

    /// The index in ``rules`` of the variable `name`'s rule, or nil.
    func ruleIndex(named name: String) -> Int? {
        for index in rules.indices where rules[index].name == name { return index }
        return nil
    }
}
