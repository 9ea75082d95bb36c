import Foundation

extension OTALocalizedString {
    /// Sets the in-app language override, opt-in: from the next ``loadBundlesFromDisk()``, every module that looks its
    /// bundle up with ``bundle(for:embedded:)`` shows `language` (a BCP 47 tag such as `fr` or `pt-BR`), whatever the
    /// app's and the device's languages; nil turns it off at the next load.
    ///
    /// Call it before the launch's ``loadBundlesFromDisk()`` with the value the app persisted (this library stores
    /// nothing of it), or, when the user picks a language, then load again at a safe point (a new root view: text
    /// already on screen does not change). docs/integration.md, "An in-app language", says what Apple does with it and
    /// how the app sets its formatting locale, which this does not touch. Safe from any thread.
    public static func setLanguageOverride(_ language: String?) {
        LanguageOverride.next = language.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The in-app language override the last ``loadBundlesFromDisk()`` put in force; nil without one. Safe from any
    /// thread.
    public static var languageOverride: String? {
        BundleRegistry.shared.languageOverride
    }

    /// The bundle a module looks its strings up in, knowing its embedded bundle: the one-line integration of a module
    /// that follows an in-app language override (``setLanguageOverride(_:)``).
    /// ```swift
    /// extension Bundle {
    ///     static var localizationBundle: Bundle {
    ///         OTALocalizedString.bundle(for: "Checkout", embedded: .module)
    ///     }
    /// }
    /// ```
    /// Without an override in force: ``bundle(for:)`` `?? embedded`, at the cost of one more atomic load. With one: a
    /// flat bundle this library writes once per (sources, language) under the storage root
    /// (`.ota-language-overrides/<storage name>/<sha256>/`), whose root holds each table of the module in the
    /// override language, from the over-the-air folder the load handed out when it holds that language (else from
    /// `embedded`), each key it lacks filled from the localizations the language falls back to and then from the
    /// development region (never a bare key), and its `.stringsdict` entries likewise. Apple reads tables at a bundle's
    /// root first, whatever the app's language (docs/apple-platform.md O1). The first call per module and load reads
    /// the module's tables, and merges and writes them when no earlier process did; later calls take a lock and read a
    /// dictionary. When the tables cannot be read or the folder written, it returns what it would without the override.
    /// Safe from any thread; never keep the `Bundle` it returns.
    public static func bundle(for moduleName: String, embedded: Bundle) -> Bundle {
        BundleRegistry.shared.bundle(for: moduleName, embedded: embedded)
    }
}
