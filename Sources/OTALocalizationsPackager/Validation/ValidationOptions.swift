import Foundation
import OTALocalizationsValidation

/// How `package` and `validate` check a publish.
public struct ValidationOptions: Sendable {
    /// `--baseline`: what was published before (manifest path or URL, publish folder, or folder of bundles).
    public var publishedBaseline: String?
    /// `--validation-baseline`: a file of recorded findings reported as warnings (see `docs/validation.md`).
    public var adoptionBaselineFile: URL?
    /// `--strict`: warnings block too (findings downgraded by the adoption baseline never do).
    public var strict: Bool

    public init(publishedBaseline: String? = nil, adoptionBaselineFile: URL? = nil, strict: Bool = false) {
        self.publishedBaseline = publishedBaseline
        self.adoptionBaselineFile = adoptionBaselineFile
        self.strict = strict
    }

    /// Whether `diagnostics` stop the publish: any error, or under ``strict`` any warning not from the baseline.
    /// Notes never do.
    public func blocks(_ diagnostics: [ValidationDiagnostic]) -> Bool {
        diagnostics.contains(where: blocks)
    }

    /// Whether one finding stops the publish (a list is blocked when one of its findings is).
    public func blocks(_ diagnostic: ValidationDiagnostic) -> Bool {
        diagnostic.blocksPublish(strict: strict)
    }

    /// Reads the baselines named by the options.
    ///
    /// - Throws: ``PackagerError`` `configuration` when a baseline cannot be read (field `adoptionBaselineFile`: the
    ///   file missing or unreadable; field `publishedBaseline`: the location unreadable, damaged or without a table);
    ///   `baseline-malformed` or `baseline-unsupported-version` (``ValidationBaselineError``'s codes, the error in
    ///   ``PackagerError/Facts/baselineError``, the file's `path:line:column` in ``PackagerError/Facts/location``)
    ///   when the ``adoptionBaselineFile`` is not in the format.
    func resolve(_ configuration: PackagerConfiguration) throws -> PublishValidation {
        let developmentRegion = configuration.developmentRegion
        var validation = PublishValidation(pluralCountsOfMillions: configuration.pluralCountsOfMillions)
        if let publishedBaseline {
            validation.publishedBaseline = try PublishedBaseline.load(publishedBaseline, developmentRegion: developmentRegion)
        }
        if let file = adoptionBaselineFile {
            let data: Data
            do {
                // A file the CI's own configuration names: no size limit, the published reading's deadline.
                let limits = PublishedReadLimits()
                data = try BlockingFetch.data(
                    from: file, maximumBytes: nil,
                    deadline: BlockingFetch.Deadline(seconds: limits.maximumSeconds, name: "maximumSeconds"),
                    idleTimeout: limits.requestTimeout)
            } catch {
                throw PackagerError(
                    code: .configuration, reason: "validation baseline: \(error); record one from today's findings",
                    field: .adoptionBaselineFile, facts: PackagerError.Facts(problem: "\(error)", problemStandsAlone: true))
            }
            do {
                validation.adoptionBaseline = try ValidationBaseline(data: data)
            } catch let error as ValidationBaselineError {
                let location = file.path + (error.line.map { ":\($0):\(error.column ?? 1)" } ?? "")
                var facts = PackagerError.Facts(location: location)
                facts.baselineError = error
                // The file's own code (`baseline-malformed`, `baseline-unsupported-version`), as docs/validation.md lists it.
                throw PackagerError(
                    code: PackagerError.Code(rawValue: error.code.rawValue), reason: "validation baseline \(location): \(error.reason)",
                    field: .adoptionBaselineFile, facts: facts)
            }
        }
        return validation
    }
}
