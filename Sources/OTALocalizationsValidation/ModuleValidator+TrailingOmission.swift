extension ModuleValidator {
    /// Reports a translation that leaves out only the development value's last arguments (``TrailingOmission``):
    /// a `trailing-argument-omitted` warning, since nothing shifts and nothing crashes.
    func reportTrailingOmission(
        _ omitted: ClosedRange<Int>, key: String, value: String, development: String, developmentFormat: ParsedFormat,
        developmentName: String, file: ValidationInput.File, line: Int, column: Int, into sink: inout DiagnosticSink
    ) {
        let written = omitted.compactMap { FormatArguments.specifierText(reading: $0, in: developmentFormat) }
            .map { "'\($0)'" }.joined(separator: ", ")
        let which = omitted.count == 1
            ? "argument \(omitted.lowerBound)\(written.isEmpty ? "" : " (\(written))"), the last one"
            : "arguments \(omitted.lowerBound) to \(omitted.upperBound)\(written.isEmpty ? "" : " (\(written))"), the last ones"
        let users = "users of \(file.localization ?? "this localization")"
        sink.add(.trailingArgumentOmitted, file: file, key: key, line: line, column: column,
                 message: "\(MessageText.quoted(key)): the translation does not read \(which) that \(developmentName) reads (\(MessageText.quoted(development))); String(format:) ignores arguments a format does not read, so nothing shifts and nothing crashes, but \(users) do not see \(omitted.count == 1 ? "that value" : "those values"). Add \(omitted.count == 1 ? "it" : "them") if the sentence needs \(omitted.count == 1 ? "it" : "them").",
                 value: value)
    }
}
