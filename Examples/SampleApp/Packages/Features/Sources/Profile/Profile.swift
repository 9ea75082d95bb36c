import Foundation
import OTALocalizations

extension Bundle {
    /// The bundle Profile reads its strings from: the over-the-air copy when one is installed, else the embedded one.
    static var localizationBundle: Bundle {
        OTALocalizedString.bundle(for: "Profile") ?? .module
    }
}

/// Strings of the profile screen.
public enum ProfileStrings {
    /// "Edit Profile".
    public static var editProfile: String {
        String(localized: "profile.edit", bundle: .localizationBundle)
    }

    /// "12 followers".
    public static func followers(_ count: Int) -> String {
        let format = NSLocalizedString("profile.followers", bundle: .localizationBundle, comment: "")
        return String.localizedStringWithFormat(format, count)
    }

    /// "24 photos in 3 albums": one key, two plural variables.
    public static func photos(_ photos: Int, inAlbums albums: Int) -> String {
        let format = NSLocalizedString("profile.photos_in_albums", bundle: .localizationBundle, comment: "")
        return String.localizedStringWithFormat(format, photos, albums)
    }
}
