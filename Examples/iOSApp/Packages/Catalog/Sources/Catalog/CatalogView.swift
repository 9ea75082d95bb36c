#if canImport(SwiftUI)
import SwiftUI

/// The catalog screen: every text from the Catalog module's `localizationBundle`.
public struct CatalogView: View {
    public init() {}

    public var body: some View {
        List {
            Text(CatalogCopy.productCount(3))
            Button(CatalogCopy.add) {}
            Text("catalog.empty", bundle: .localizationBundle)
        }
        .navigationTitle(CatalogCopy.title)
    }
}
#endif
