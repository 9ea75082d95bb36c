import Foundation
import OTALocalizationsCore
import OTALocalizationsPackager

/// `ota-localizations experiment start|share|end`: runs a copy experiment with arms on a published production
/// manifest (docs/rollouts.md, "Copy experiments with arms").
///
/// One command with an action word, like `rollout` with its `--percent | --finish | --cancel`: the three actions share
/// the version folder, the signing options and the output, and the option table is declared once for all three (each
/// refuses the options of the others).
enum ExperimentCommand: Command {
    static let name = "experiment"
    static let summary = "Start a copy experiment with arms on production, change its shares, end it with a winner"
    /// The action words, in the order the help names them.
    static let actions = ["start", "share", "end"]
    static let argumentWords: [String]? = actions
    /// The first argument is an action word, the next one a path (``CompletionModel``).
    static let pathsAfterArgumentWord = true
    enum Option {
        static let id = CommandOption.value("id", "<id>", help: """
            start: the experiment's id (1 to 64 ASCII letters, digits, '-' or '_').
            It places the devices (a new id reshuffles them) and names the experiment
            in reports, records and exposures.
            """)
        static let arm = CommandOption.repeatable("arm", "<name[=channel]>", help: """
            start: <name>=<channel>, once per arm (1 to 8); share: the one arm to change.
            An arm shows that published channel's modules; share takes control too. A
            name is 1 to 32 lowercase letters, digits and '-', starting with a letter.
            """)
        static let percent = CommandOption.value("percent", "<p>", help: """
            start, share: each arm's share of devices, control's too.
            0 to 100 with at most two decimals, and at most 100 / (arms + 1): 33.33
            with two arms.
            """)
        static let winner = CommandOption.value("winner", "<arm>", help: """
            end: the arm whose modules become production's, or control.
            """)
    }
    static let options = [Option.id, Option.arm, Option.percent, Option.winner] + ReleaseEditArguments.sharedOptions
    static let help = """
        OVERVIEW: Run a copy experiment with arms on a published version folder's production manifest (docs/rollouts.md).

        USAGE: ota-localizations experiment start <version folder> --id <id> --arm <name>=<channel> [--arm ...] --percent <p> [options]
               ota-localizations experiment share <version folder> --percent <p> [--arm <name>] [options]
               ota-localizations experiment end <version folder> --winner <arm> [options]

        <version folder> is a published <base>/<version>: s3://<bucket>/<prefix>/<version> or a local folder.
        start gives each arm the modules of its channel that differ from production's (and the removal of those it
        lacks), and control production's own modules. The arms and control split the buckets into equal slots (with k
        arms, 10000 / (k + 1) buckets each, control first): each takes --percent of devices from the start of its slot.
        share changes the percent of every arm and control, or of --arm's only; a range grows and shrinks at its end, so
        growing a share only adds devices to that arm and no device moves from one arm to another. end makes --winner's
        modules production's for every device (control: keeps production's) and drops the experiment.
        A production manifest carries a staged rollout or one experiment, never both: start refuses a folder whose
        production has a rollout, and 'promote --rollout' and 'rollout' refuse one with an experiment.
        Each writes manifest.json and index.json with a new publishedAt; with keys, every manifest is read only through
        its envelope, verified, and the bytes it signed are what is signed again. --expect-published-at is production's.

        OPTIONS:
        \(CommandOption.helpText(options, column: 28))

        \(ReleaseEditArguments.closingHelp)
        """

    static func run(_ arguments: [String]) -> Output.Status {
        run(arguments, reporting: ReleaseArguments.reporting) { args in
            guard let action = args.positionals.first else {
                throw UsageError(message: "missing the action: give start, share or end, then the version folder")
            }
            guard actions.contains(action) else {
                let hint = Suggestion.closest(to: action, among: actions).map { "; did you mean '\($0)'?" } ?? ""
                throw UsageError(message: "unknown action '\(action)'\(hint); give start, share or end, then the version folder")
            }
            try refuseOptionsOfOtherActions(in: args, for: action)
            let folders = args.positionals.dropFirst()
            guard folders.count == 1 else {
                throw UsageError(message: folders.isEmpty
                    ? "missing <version folder> after '\(action)'" : "expected one <version folder> after '\(action)', got \(folders.count)")
            }
            let options = try ReleaseEditArguments.options(args, folder: folders.first!)
            let result: ReleaseEditResult
            switch action {
            case "start":
                let (id, arms, points) = try startArguments(args)
                result = try ReleaseEdit.startExperiment(id: id, arms: arms, basisPoints: points, options)
            case "share":
                let arms = args.values(Option.arm)
                guard arms.count <= 1 else {
                    throw UsageError(message: "give --arm once (or leave it out to change every arm and control), got \(arms.count)")
                }
                if let arm = arms.first { try armName(arm, option: "--arm", allowsControl: true) }
                result = try ReleaseEdit.setExperimentShare(basisPoints: try percent(args), arm: arms.first, options)
            default:
                let winner = try args.required(Option.winner)
                try armName(winner, option: "--winner", allowsControl: true)
                result = try ReleaseEdit.endExperiment(winner: winner, options)
            }
            return ReleaseEditArguments.print(result, of: options, args)
        }
    }

    /// The options of the experiment's own that each action takes.
    private static let takes: [String: [CommandOption]] = [
        "start": [Option.id, Option.arm, Option.percent], "share": [Option.arm, Option.percent], "end": [Option.winner],
    ]

    /// Refuses an option of the experiment's own that `action` does not take (`--winner` with `start`).
    private static func refuseOptionsOfOtherActions(in args: ArgumentList, for action: String) throws {
        let taken = takes[action] ?? []
        for option in [Option.id, Option.arm, Option.percent, Option.winner] where !taken.contains(option) {
            let given = option.kind == .repeatable ? !args.values(option).isEmpty : args.value(option) != nil
            guard given else { continue }
            let owners = actions.filter { (takes[$0] ?? []).contains(option) }.map { "'experiment \($0)'" }
            throw UsageError(message: "--\(option.name) is for \(owners.joined(separator: " and ")), not 'experiment \(action)'")
        }
    }

    /// `start`'s id, arms and percent, each checked as the library checks it, so that a start that cannot mean
    /// anything is a usage error (exit status 2).
    private static func startArguments(_ args: ArgumentList) throws -> (String, [ExperimentArmSource], Int) {
        let id = try args.required(Option.id)
        guard ManifestRollout.isValidID(id) else {
            throw UsageError(message: "--id '\(id)' is not an experiment id: 1 to 64 ASCII letters, digits, '-' or '_', e.g. checkout-cta")
        }
        let words = args.values(Option.arm)
        guard !words.isEmpty else {
            throw UsageError(message: "missing --arm <name>=<channel>: give one per arm, e.g. --arm short=copy-short")
        }
        guard words.count <= ReleaseEdit.maximumExperimentArms else {
            throw UsageError(message: "\(words.count) arms given; an experiment has at most \(ReleaseEdit.maximumExperimentArms) besides control")
        }
        var arms: [ExperimentArmSource] = []
        for word in words {
            guard let equals = word.firstIndex(of: "=") else {
                throw UsageError(message: "--arm '\(word)' is not <name>=<channel>: give the arm's name and the published channel it shows, e.g. short=copy-short")
            }
            let name = String(word[..<equals])
            try armName(name, option: "--arm", allowsControl: false)
            guard !arms.contains(where: { $0.name == name }) else {
                throw UsageError(message: "--arm '\(name)' is given twice; each arm has its own name")
            }
            let channel = try ReleaseArguments.channel(String(word[word.index(after: equals)...]), option: "--arm \(name)=")
            guard let channel, ManifestChannel.recorded(channel) != nil else {
                throw UsageError(message: "--arm \(word): production is control's; give an arm another published channel")
            }
            arms.append(ExperimentArmSource(name: name, channel: channel))
        }
        let points = try percent(args)
        let slot = ReleaseEdit.experimentSlot(arms: arms.count)
        guard points <= slot else {
            throw UsageError(message: "--percent \(args.value(Option.percent) ?? ""): with \(Output.count(arms.count, "arm")) and control, each has "
                + "\(slot) buckets, so at most \(ReleaseText.percent(basisPoints: slot))%")
        }
        return (id, arms, points)
    }

    /// `--percent` as basis points.
    private static func percent(_ args: ArgumentList) throws -> Int {
        let text = try args.required(Option.percent)
        guard let points = ReleaseEdit.basisPoints(percent: text) else {
            throw UsageError(message: "--percent '\(text)' is not a percent from 0 to 100 with at most two decimals, e.g. 10 or 12.5")
        }
        return points
    }

    /// Refuses `name` when it cannot name an arm (or, with `allowsControl`, control).
    private static func armName(_ name: String, option: String, allowsControl: Bool) throws {
        if name == ManifestExperiment.controlArmName {
            guard allowsControl else {
                throw UsageError(message: "\(option) '\(name)': control is production's own modules, not an arm; give the arms only")
            }
            return
        }
        guard ManifestExperiment.isValidArmName(name) else {
            throw UsageError(message: "\(option) '\(name)' is not an arm name: 1 to 32 lowercase letters, digits and '-', starting with a letter, e.g. short")
        }
    }
}
