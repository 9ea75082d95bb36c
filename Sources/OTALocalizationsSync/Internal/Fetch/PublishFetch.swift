import Foundation
import OTALocalizations
import OTALocalizationsCore

/// The first request of a cycle: the publish's root, `index.json` (its envelope with trusted keys), or, from a host
/// an older packager published (the index answers `404`), `manifest.json`, each admitted by ``ManifestAdmission``.
///
/// With a stored state, the request carries its ETag as `If-None-Match` to the file the state was read from. A
/// state read from `manifest.json` revalidates that file first (one request while nothing changes); when it changed,
/// the index is asked for too, so that a host that started publishing it is read from it from then on.
struct PublishFetch: Sendable {
    let configuration: OTALocalizationServiceConfiguration
    let versionURL: URL

    enum Outcome: Sendable {
        case notModified
        case fetched(ManifestAdmission.Admitted, format: ManifestAdmission.Format, etag: String?)
        case failure(CycleFailure)
    }

    private var signed: Bool { !configuration.trustedKeys.isEmpty }

    /// Fetches and admits the root; `state` (nil: none usable) gives the conditional request.
    func fetch(revalidating state: InstalledState?) async -> Outcome {
        let etag = state?.etag
        if state?.device.source == .manifest, let etag {
            let legacy = await conditionalGet(.manifest, etag: etag)
            guard case .response(let response) = legacy, response.statusCode != 304 else {
                return legacy.outcome(format: .manifest, etagSent: true, configuration: configuration)
            }
            let index = await get(.index, etag: nil)
            if case .response(let indexResponse) = index, indexResponse.statusCode == 404 {
                return legacy.outcome(format: .manifest, etagSent: true, configuration: configuration)
            }
            return index.outcome(format: .index, etagSent: false, configuration: configuration)
        }
        let sendETag = state?.device.source == .index ? etag : nil
        let index = await conditionalGet(.index, etag: sendETag)
        if case .response(let response) = index, response.statusCode == 404 {
            return await get(.manifest, etag: nil).outcome(format: .manifest, etagSent: false, configuration: configuration)
        }
        return index.outcome(format: .index, etagSent: sendETag != nil, configuration: configuration)
    }

    /// One GET of the format's file.
    private enum Response: Sendable {
        case response(HTTPResponse)
        case failed(String)
        case cancelled

        func outcome(
            format: ManifestAdmission.Format, etagSent: Bool, configuration: OTALocalizationServiceConfiguration
        ) -> Outcome {
            let signed = !configuration.trustedKeys.isEmpty
            let fileName = format.fileName(channel: configuration.channel, signed: signed)
            switch self {
            case .cancelled:
                return .failure(.cancelled)
            case .failed(let reason):
                return .failure(CycleFailure(.transport, "manifest download failed: \(reason)"))
            case .response(let response):
                switch response.statusCode {
                case 304 where etagSent:
                    return .notModified
                case 200:
                    let serverDate = response.value(forHeader: "Date").flatMap(HTTPDate.parse)
                    do {
                        let admitted = try ManifestAdmission.admit(
                            response.body, format: format, rules: ManifestAdmission.Rules(configuration),
                            serverDate: serverDate, deviceClock: ManifestTimestamp(configuration.deviceClock()))
                        return .fetched(admitted, format: format, etag: EntityTag.validated(response.value(forHeader: "ETag")))
                    } catch {
                        return .failure(error)
                    }
                case 404 where signed:
                    return .failure(CycleFailure(.transport, "manifest HTTP status 404 (trusted keys are configured, so only \(fileName) and \(ManifestAdmission.Format.index.fileName(channel: configuration.channel, signed: true)) are read: was the publish signed? Or nothing is published for this app version and channel yet)"))
                default:
                    return .failure(CycleFailure(.transport, "manifest HTTP status \(response.statusCode)"))
                }
            }
        }
    }

    /// A GET with `If-None-Match: etag`, asked again without it when the host answers that with a client error other
    /// than `404` (a validator it cannot take must not keep the device from ever reading the publish again).
    private func conditionalGet(_ format: ManifestAdmission.Format, etag: String?) async -> Response {
        let first = await get(format, etag: etag)
        guard etag != nil, case .response(let response) = first, (400...499).contains(response.statusCode), response.statusCode != 404
        else { return first }
        return await get(format, etag: nil)
    }

    private func get(_ format: ManifestAdmission.Format, etag: String?) async -> Response {
        let url = URLPath.file(format.fileName(channel: configuration.channel, signed: signed), in: versionURL)
        var headers: [String: String] = [:]
        if let etag { headers["If-None-Match"] = etag }
        do {
            let maximumBytes = signed ? ManifestEnvelope.maximumBytes : Manifest.maximumBytes
            return .response(try await ServiceHTTP.get(url, headers: headers, maximumBytes: maximumBytes, configuration: configuration))
        } catch is CancellationError {
            return .cancelled
        } catch {
            return .failed("\(error)")
        }
    }
}
