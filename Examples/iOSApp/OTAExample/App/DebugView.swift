import SwiftUI

/// The debug screen: what each module serves (over the air or embedded, and why), the last cycle report, and the kill switch.
struct DebugView: View {
    let localization: LocalizationSetup?
    let configurationProblem: String?
    @State private var snapshot: DebugSnapshot?
    @State private var killSwitchOn = false

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
