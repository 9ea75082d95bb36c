import SwiftUI

/// The debug screen: what each module serves (over the air or embedded, and why), the last cycle report, the kill switch,
/// and the QA actions (a cycle now, the next launch's channel, lifting quarantines, forcing a copy experiment's arm, the
/// snapshot as JSON), which the service refuses in a release build.
struct DebugView: View {
    let localization: LocalizationSetup?
    let configurationProblem: String?
    @State private var snapshot: DebugSnapshot?
    @State private var killSwitchOn = false
    @State private var exportedJSON: String?
    @State private var armName = ""

    var body: some View {
        List {
            if let configurationProblem {
                Section { Text(verbatim: configurationProblem) }
            }
            Section(header: Text("debug.modules", bundle: .localizationBundle)) {
                ForEach(snapshot?.modules ?? []) { module in
                    VStack(alignment: .leading) {
                        Text(verbatim: module.name).font(.headline)
                        Text(verbatim: module.contentSummary).font(.caption)
                        Text(verbatim: module.rolloutSummary).font(.caption)
                        Text(verbatim: module.experimentSummary).font(.caption)
                    }
                }
            }
            Section(header: Text("debug.last_cycle", bundle: .localizationBundle)) {
                ForEach(snapshot?.reportLines ?? [], id: \.self) { line in
                    Text(verbatim: line).font(.caption)
                }
            }
            if let localization {
                Section {
                    Toggle(isOn: $killSwitchOn) { Text("debug.kill_switch", bundle: .localizationBundle) }
                    Button { snapshot = localization.debugSnapshot() } label: {
                        Text("debug.reload", bundle: .localizationBundle)
                    }
                }
                Section(header: Text("debug.qa", bundle: .localizationBundle)) {
                    Button {
                        Task {
                            _ = try? await localization.service.runCycleNow()
                            snapshot = localization.debugSnapshot()
                        }
                    } label: { Text("debug.run_cycle", bundle: .localizationBundle) }
                    Button { Task { try? await localization.service.chooseChannelForNextLaunch("staging") } } label: {
                        Text("debug.next_launch_staging", bundle: .localizationBundle)
                    }
                    Button { Task { try? await localization.service.chooseChannelForNextLaunch(nil) } } label: {
                        Text("debug.next_launch_production", bundle: .localizationBundle)
                    }
                    Button { Task { _ = try? await localization.service.clearLaunchQuarantines() } } label: {
                        Text("debug.clear_quarantines", bundle: .localizationBundle)
                    }
                    TextField(text: $armName, prompt: nil) { Text("debug.arm_name", bundle: .localizationBundle) }
                    Button {
                        let arm = armName.isEmpty ? nil : armName
                        Task { try? await localization.service.forceExperimentArm(arm) }
                    } label: { Text("debug.force_arm", bundle: .localizationBundle) }
                    Button { Task { exportedJSON = await localization.diagnosticsJSON() } } label: {
                        Text("debug.export_json", bundle: .localizationBundle)
                    }
                    if let exportedJSON {
                        Text(verbatim: exportedJSON).font(.caption).textSelection(.enabled)
                    }
                }
            }
        }
        .navigationTitle(Text("debug.title", bundle: .localizationBundle))
        .onAppear {
            snapshot = localization?.debugSnapshot()
            killSwitchOn = localization?.isKillSwitchOn ?? false
        }
        .onChange(of: killSwitchOn) { on in
            guard let localization, on != localization.isKillSwitchOn else { return }
            Task {
                await localization.setKillSwitch(on)
                snapshot = localization.debugSnapshot()
            }
        }
    }
}
