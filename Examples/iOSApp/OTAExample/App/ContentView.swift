import Basket
import Catalog
import SwiftUI

/// Three tabs: the two feature modules and the debug screen.
struct ContentView: View {
    let localization: LocalizationSetup?
    let configurationProblem: String?

    var body: some View {
        TabView {
            NavigationView { CatalogView() }
                .tabItem { Text(CatalogCopy.title) }
            NavigationView { BasketView() }
                .tabItem { Text(BasketCopy.title) }
            NavigationView { DebugView(localization: localization, configurationProblem: configurationProblem) }
                .tabItem { Text("tab.debug", bundle: .localizationBundle) }
        }
    }
}
