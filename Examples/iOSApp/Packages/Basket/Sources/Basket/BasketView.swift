#if canImport(SwiftUI)
import SwiftUI

/// The basket screen: every text from the Basket module's `localizationBundle`.
public struct BasketView: View {
    public init() {}

    public var body: some View {
        List {
            Text(BasketCopy.itemCount(2))
            Button(BasketCopy.checkout) {}
            Text("basket.empty", bundle: .localizationBundle)
        }
        .navigationTitle(BasketCopy.title)
    }
}
#endif
