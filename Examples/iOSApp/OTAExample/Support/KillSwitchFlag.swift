import Foundation

/// The kill-switch flag: while it is on, the app shows its embedded strings and keeps no over-the-air files.
///
/// A real app reads this from its remote configuration; the example keeps it in `UserDefaults` so that the debug
/// screen can flip it. Read at launch and at every foreground.
struct KillSwitchFlag {
    /// The `UserDefaults` key.
    static let key = "OTALocalizationsKillSwitch"

    let defaults: UserDefaults

    var isOn: Bool {
        get { defaults.bool(forKey: Self.key) }
        nonmutating set { defaults.set(newValue, forKey: Self.key) }
    }
}
