extension OTALocalizedString.ServedContent {
    /// The copy experiment the served folder was installed under (``OTALocalizedString/InstalledContent/experimentID``);
    /// nil for embedded strings and outside an experiment.
    public var experimentID: String? { installed?.experimentID }
    /// The device's arm in ``experimentID``: an arm's name or `control` (``OTALocalizedString/InstalledContent/arm``);
    /// nil for embedded strings and outside an experiment.
    public var arm: String? { installed?.arm }
    /// Whether a debug action forced ``arm`` (``OTALocalizedString/InstalledContent/armForced``).
    public var armForced: Bool { installed?.armForced ?? false }

    private var installed: OTALocalizedString.InstalledContent? {
        if case .overTheAir(let content) = self { content } else { nil }
    }
}
