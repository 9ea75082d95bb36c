import SwiftUI

/// The app's own build flavour, which the library (built in release by SwiftPM) cannot see: the debug screen's QA
/// actions run in debug builds only.
#if DEBUG
private let allowsDebugActions = true
#else
private let allowsDebugActions = false
#endif

/// The example app's composition root: the only place that creates the localization service.
@main @MainActor
struct OTAExampleApp: App {
    @Environment(\.scenePhase) private var scenePhase
    private let localization: LocalizationSetup?
    private let configurationProblem: String?

    init() {
        do {
            let configuration = try AppConfiguration(infoDictionary: Bundle.main.infoDictionary ?? [:])
            let setup = LocalizationSetup(
                configuration: configuration, killSwitch: KillSwitchFlag(defaults: .standard), allowsDebugActions: allowsDebugActions)
            setup.refresh()   // at launch
            localization = setup
            configurationProblem = nil
        } catch {
            // No over-the-air strings this session: every module shows its embedded strings.
            localization = nil
            configurationProblem = "\(error)"
        }
    }

    var body: some Scene {
        WindowGroup {
            ContentView(localization: localization, configurationProblem: configurationProblem)
                // The first screen has shown: confirm the launch to the crash-loop guard.
                .task { await localization?.confirmLaunchAfterFirstScreen() }
        }
        .onChange(of: scenePhase) { phase in
            // At every foreground; downloads show at the next cold start, never under the user's eyes.
            if phase == .active { localization?.refresh() }
        }
    }
}
