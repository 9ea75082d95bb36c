import Foundation
import OTALocalizations
import OTALocalizationsCore

/// The first request of a cycle: the publish's root, `index.json` (its envelope with trusted keys), admitted by
/// ``ManifestAdmission``. With a stored state, the request carries its ETag as `If-None-Match`.
struct PublishFetch: Sendable {
    let configuration: OTALocalizationServiceConfiguration
    let versionURL: URL

    enum Outcome: Sendable {
        /// A `304`, with the response (its `Date` is read only when the stored index has an `expires`).
        case notModified(HTTPResponse)
        case fetched(ManifestAdmission.Admitted, etag: String?)
        case failure(CycleFailure)
    }

    private var signed: Bool { !configuration.trustedKeys.isEmpty }

    /// Fetches and admits the root; `state` (nil: none usable) gives the conditional request.
    func fetch(revalidating state: InstalledState?) async -> Outcome {
        let etag = state?.etag
        return await conditionalGet(etag: etag).outcome(etagSent: etag != nil, configuration: configuration)
    }

    /// One GET of the root.
    private enum Response: Sendable {
        case response(HTTPResponse)
        case failed(String)
        case cancelled

        func outcome(etagSent: Bool, configuration: OTALocalizationServiceConfiguration) -> Outcome {
            let signed = !configuration.trustedKeys.isEmpty
            let fileName = ManifestAdmission.fileName(channel: configuration.channel, signed: signed)
            switch self {
            case .cancelled:
                return .failure(.cancelled)
            case .failed(let reason):
                return .failure(CycleFailure(.transport, "manifest download failed: \(reason)"))
            case .response(let response):
                switch response.statusCode {
                case 304 where etagSent:
                    return .notModified(response)
                case 200:
                    let serverDate = response.value(forHeader: "Date").flatMap(HTTPDate.parse)
                    do {
                        let admitted = try ManifestAdmission.admit(
                            response.body, rules: ManifestAdmission.Rules(configuration),
                            serverDate: serverDate, deviceClock: ManifestTimestamp(configuration.deviceClock()))
                        return .fetched(admitted, etag: EntityTag.validated(response.value(forHeader: "ETag")))
                    } catch {
                        return .failure(error)
                    }
                case 404 where signed:
                    return .failure(CycleFailure(.transport, "manifest HTTP status 404 (trusted keys are configured, so only \(fileName) is read: was the publish signed? Or nothing is published for this app version and channel yet)"))
                default:
                    return .failure(CycleFailure(.transport, "manifest HTTP status \(response.statusCode)"))
                }
            }
        }
    }

    /// A GET with `If-None-Match: etag`, asked again without it when the host answers that with a client error other
    /// than `404` (a validator it cannot take must not keep the device from ever reading the publish again).
    private func conditionalGet(etag: String?) async -> Response {
        let first = await get(etag: etag)
        guard etag != nil, case .response(let response) = first, (400...499).contains(response.statusCode), response.statusCode != 404
        else { return first }
        return await get(etag: nil)
    }

    private func get(etag: String?) async -> Response {
        let url = URLPath.file(ManifestAdmission.fileName(channel: configuration.channel, signed: signed), in: versionURL)
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
