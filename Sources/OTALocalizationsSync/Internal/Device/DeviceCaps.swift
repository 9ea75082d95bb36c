import Foundation

/// The per-module caps of a device (``OTALocalizationServiceConfiguration``): a module over one fails with `limit`.
struct DeviceCaps: Sendable {
    var maximumSlicesPerModule: Int
    var maximumLocalizationsPerModule: Int
    /// ``OTALocalizationServiceConfiguration/maximumManifestModules``: the entries one publish may list.
    var maximumModules: Int

    init(_ configuration: OTALocalizationServiceConfiguration) {
        maximumSlicesPerModule = configuration.maximumSlicesPerModule
        maximumLocalizationsPerModule = configuration.maximumLocalizationsPerModule
        maximumModules = configuration.maximumManifestModules
    }

    /// Why `module` is over a cap, or nil.
    func problem(with module: DeviceModule) -> DeviceRejection? {
        if module.localizations.count > maximumLocalizationsPerModule {
            return DeviceRejection(
                name: module.name, reason: "module lists \(module.localizations.count) localizations, more than the \(maximumLocalizationsPerModule) accepted (maximumLocalizationsPerModule)",
                code: .limit)
        }
        if case .sliced(_, let slices) = module.content, slices.count > maximumSlicesPerModule {
            return DeviceRejection(
                name: module.name, reason: "module has \(slices.count) slices, more than the \(maximumSlicesPerModule) accepted (maximumSlicesPerModule)",
                code: .limit)
        }
        return nil
    }
}
