import Foundation

/// Renders the sections and the machine description as text for people or as one JSON object.
enum Report {
    // MARK: Human

    static func human(_ sections: [Section], machine: MachineDescription, totalSeconds: Double) -> String {
        var lines: [String] = []
        lines.append("ota-bench — \(machine.date)")
        lines.append("Machine: \(machine.cpuModel), \(machine.logicalCores) logical cores, "
            + "\(number(machine.memoryGB)) GB RAM; \(machine.operatingSystem) (Linux \(machine.kernel)); \(machine.swiftVersion)")
        lines.append("Figures: median (best run) over repeated runs; best = min for times, max for MB/s; "
            + "ratio = median / baseline median.")
        for (index, section) in sections.enumerated() {
            lines.append("")
            lines.append("\(index + 1). \(section.title)  [\(section.key)]")
            if let skipped = section.skipped {
                lines.append("   SKIPPED: \(skipped)")
            }
            for (name, value) in section.context {
                lines.append("   \(name): \(value)")
            }
            for figure in section.figures {
                var line = "   - \(figure.label): \(number(figure.median)) \(figure.unit) (best \(number(figure.best)), \(figure.samples.count) runs)"
                if let baseline = figure.baseline {
                    line += "\n       baseline \(baseline.label): \(number(baseline.median)) \(figure.unit) "
                        + "(best \(number(figure.smallerIsBetter ? baseline.min : baseline.max)))"
                    if let ratio = figure.ratio {
                        line += "; ratio \(number(ratio))×"
                        if figure.unit == "MB/s" || figure.unit == "s" {
                            let speedup = figure.smallerIsBetter ? 1 / ratio : ratio
                            line += " (\(number(speedup))× \(speedup >= 1 ? "faster" : "the baseline's speed"))"
                        }
                    }
                }
                if let goal = figure.goal { line += "\n       goal: \(goal.text): \(goal.met ? "MET" : "NOT MET")" }
                if let note = figure.note { line += "\n       note: \(note)" }
                lines.append(line)
            }
        }
        lines.append("")
        lines.append("Total: \(number(totalSeconds)) s")
        return lines.joined(separator: "\n")
    }

    // MARK: JSON

    static func json(_ sections: [Section], machine: MachineDescription, totalSeconds: Double) -> String {
        var members: [(String, JSONValue)] = sections.map { ($0.key, sectionValue($0)) }
        members.append(("machine", .object([
            ("cpuModel", .string(machine.cpuModel)),
            ("logicalCores", .number(Double(machine.logicalCores))),
            ("memoryGB", .rounded(machine.memoryGB)),
            ("os", .string(machine.operatingSystem)),
            ("kernel", .string(machine.kernel)),
            ("swiftVersion", .string(machine.swiftVersion)),
            ("date", .string(machine.date)),
            ("benchSeconds", .rounded(totalSeconds)),
        ])))
        return JSONValue.object(members).text
    }

    private static func sectionValue(_ section: Section) -> JSONValue {
        .object([
            ("title", .string(section.title)),
            ("skipped", .optional(section.skipped)),
            ("context", .object(section.context.map { ($0.0, .string($0.1)) })),
            ("figures", .object(section.figures.map { ($0.key, figureValue($0)) })),
        ])
    }

    private static func figureValue(_ figure: Figure) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("label", .string(figure.label)),
            ("value", .rounded(figure.value)),
            ("unit", .string(figure.unit)),
            ("min", .rounded(figure.min)),
            ("median", .rounded(figure.median)),
            ("max", .rounded(figure.max)),
            ("runs", .number(Double(figure.samples.count))),
            ("smallerIsBetter", .bool(figure.smallerIsBetter)),
        ]
        if let baseline = figure.baseline {
            members.append(("baseline", .object([
                ("label", .string(baseline.label)),
                ("value", .rounded(baseline.median)),
                ("min", .rounded(baseline.min)),
                ("median", .rounded(baseline.median)),
                ("max", .rounded(baseline.max)),
            ])))
            members.append(("ratio", .optional(figure.ratio)))
        }
        if let goal = figure.goal {
            members.append(("goal", .object([("text", .string(goal.text)), ("met", .bool(goal.met))])))
        }
        if let note = figure.note { members.append(("note", .string(note))) }
        return .object(members)
    }

    // MARK: Numbers

    /// A number with about 3 significant digits: 0.0123, 1.23, 12.3, 1234.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "n/a" }
        let magnitude = abs(value)
        if magnitude >= 100 { return String(format: "%.0f", value) }
        if magnitude >= 10 { return String(format: "%.1f", value) }
        if magnitude >= 1 { return String(format: "%.2f", value) }
        if magnitude == 0 { return "0" }
        return String(format: "%.3g", value)
    }

    static func megabytes(_ bytes: Int64) -> String { number(Double(bytes) / 1_000_000) }
}
