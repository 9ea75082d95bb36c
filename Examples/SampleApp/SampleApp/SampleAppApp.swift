import SwiftUI
import OTALocalizations
import OTALocalizationsSync
import Checkout
import Profile
import Search

extension Bundle {
    /// The bundle the app target reads its own strings from (module name as `ota-localizations modules` lists it).
    static var localizationBundle: Bundle {
        OTALocalizedString.bundle(for: "SampleApp") ?? .main
    }
}

@main
struct SampleAppApp: App {
    @Environment(\.scenePhase) private var scenePhase
    private let localizations: any OTALocalizationServicing

    init() {
        // Strings installed by earlier launches take effect now, before the first screen reads one.
        OTALocalizedString.loadBundlesFromDisk()
        // Sketch: see the OTALocalizationsSync documentation for the configuration's exact fields.
        localizations = OTALocalizationService(
            configuration: .init(baseURL: URL(string: "https://cdn.example.com/strings")!)
        )
    }

    var body: some Scene {
        WindowGroup {
            TabView {
                Text("onboarding.title", bundle: .localizationBundle)
                    .tabItem { Text("tab.home", bundle: .localizationBundle) }
                NoResultsView(query: "")
                    .tabItem { Text("tab.search", bundle: .localizationBundle) }
                Text(CheckoutStrings.cartTitle)
                    .tabItem { Text("tab.cart", bundle: .localizationBundle) }
                Text(ProfileStrings.editProfile)
                    .tabItem { Text("tab.profile", bundle: .localizationBundle) }
            }
        }
        .onChange(of: scenePhase) { phase in
            // Downloads land on disk; new text shows at the next cold start, never mid-session.
            if phase == .active {
                Task { await localizations.start() }
            }
        }
    }
}
