import SwiftUI
import OTALocalizations

extension Bundle {
    /// The bundle Search reads its strings from: the over-the-air copy when one is installed, else the embedded one.
    static var localizationBundle: Bundle {
        OTALocalizedString.bundle(for: "Search") ?? .module
    }
}

/// The empty state of the search screen.
public struct NoResultsView: View {
    let query: String

    public init(query: String) {
        self.query = query
    }

    public var body: some View {
        VStack(spacing: 8) {
            // The localized banner image stays in the embedded bundle: images are never sent over the air.
            Image("banner", bundle: .module)
            Text("search.no_results_title", bundle: .localizationBundle)
                .font(.headline)
            Text(String(format: NSLocalizedString("search.no_results_body", bundle: .localizationBundle, comment: ""), query))
                .multilineTextAlignment(.center)
        }
        .padding()
    }
}
