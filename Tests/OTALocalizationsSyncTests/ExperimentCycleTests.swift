import Foundation
import OTALocalizations
import OTALocalizationsCore
import OTALocalizationsPublishing
@testable import OTALocalizationsSync
import OTATestSupport
import Testing

/// Copy experiments in the update cycle (docs/rollouts.md, "Copy experiments"): which entries a device in control, in
/// an arm or outside installs, keeps and removes as shares grow and arms go, what it records beside `current`, what
/// the report and the read side say, and what it downloads.
@Suite struct ExperimentCycleTests {
    typealias Experiment = OTALocalizationCycleReport.Experiment

    /// Stable `Checkout` v1 and `Legacy` v1; the arm `short`'s `Checkout` v2.
    struct Content {
        let checkout = try! SyncFixture.module("Checkout", version: 1)
        let legacy = try! SyncFixture.module("Legacy", version: 1)
        let checkoutShort = try! SyncFixture.module("Checkout", version: 2)
    }

    /// The arm `short` at `basisPoints` from bucket 3333, with `Checkout` v2 and without `Legacy`.
    static func short(_ content: Content, basisPoints: Int = 1000) -> (name: String, start: Int, basisPoints: Int, modules: [PublishedModule], removed: [String]) {
        ("short", 3333, basisPoints, [content.checkoutShort], ["Legacy"])
    }

    private func device(_ installID: String) throws -> SyncFixture {
        let fixture = try SyncFixture()
        try fixture.setInstallID(installID)
        return fixture
    }

    private func current(_ fixture: SyncFixture, _ module: String) -> String? {
        fixture.read("1.0/modules/\(module)/current").map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func theKnownDevicesHaveTheBucketsPythonFound() throws {
        let experiment = ManifestExperiment(
            id: "cta", control: .init(start: 0, basisPoints: 1000),
            arms: [.init(name: "short", range: .init(start: 3333, basisPoints: 1000), modules: [])])
        #expect(experiment.assignment(installID: ExperimentDevice.control) == .control)
        #expect(experiment.assignment(installID: ExperimentDevice.short) == .arm("short"))
        #expect(experiment.assignment(installID: ExperimentDevice.shortAtTwenty) == .outside)
        #expect(experiment.assignment(installID: ExperimentDevice.outside) == .outside)
    }

    @Test func devicesInControlInAnArmAndOutsideInstallRecordAndReportTheirArm() async throws {
        let content = Content()
        let control = try device(ExperimentDevice.control)
        let inArm = try device(ExperimentDevice.short)
        let outside = try device(ExperimentDevice.outside)
        for fixture in [control, inArm, outside] {
            try fixture.publishExperiment(stable: [content.checkout, content.legacy], arms: [Self.short(content)])
            await fixture.makeService().start()
        }
        let stableModules: [OTALocalizationCycleReport.Module] = [
            .init(name: "Checkout", outcome: .updated, bytes: Int64(content.checkout.zip.count)),
            .init(name: "Legacy", outcome: .updated, bytes: Int64(content.legacy.zip.count)),
        ]
        #expect(control.reports.last == OTALocalizationCycleReport(
            manifest: .updated, stateSaved: true, modules: stableModules, experiment: Experiment(id: "cta", arm: "control")))
        #expect(outside.reports.last == OTALocalizationCycleReport(
            manifest: .updated, stateSaved: true, modules: stableModules, experiment: Experiment(id: "cta", arm: nil)))
        // The arm replaces Checkout and drops Legacy.
        #expect(inArm.reports.last == OTALocalizationCycleReport(
            manifest: .updated, stateSaved: true,
            modules: [.init(name: "Checkout", outcome: .updated, bytes: Int64(content.checkoutShort.zip.count))],
            experiment: Experiment(id: "cta", arm: "short")))
        #expect(inArm.reports.last?.jsonText().contains(#""stateSaved":true,"experiment":{"id":"cta","arm":"short","forced":false},"updated":1"#) == true)
        #expect(outside.reports.last?.jsonText().contains(#""experiment":{"id":"cta","arm":null,"forced":false}"#) == true)
        #expect(current(inArm, "Checkout") == content.checkoutShort.sha256 + "\n" && !inArm.exists("1.0/modules/Legacy"))
        #expect(current(control, "Checkout") == content.checkout.sha256 + "\n")

        // Records beside current: every module of a device in the experiment names it and the arm; outside, none.
        #expect(control.rolloutRecord("Checkout") == "\(content.checkout.sha256) cta control\n")
        #expect(control.rolloutRecord("Legacy") == "\(content.legacy.sha256) cta control\n")
        #expect(inArm.rolloutRecord("Checkout") == "\(content.checkoutShort.sha256) cta short\n")
        #expect(outside.rolloutRecord("Checkout") == nil && outside.rolloutRecord("Legacy") == nil)

        // The read side.
        #expect(OTALocalizedString.installedContent(for: "Checkout", storageRoot: inArm.root, appVersion: "1.0")
            == .init(sha256: content.checkoutShort.sha256, rolloutID: nil, folderSHA256: content.checkoutShort.sha256,
                     experimentID: "cta", arm: "short"))
        #expect(OTALocalizedString.installedContent(for: "Legacy", storageRoot: control.root, appVersion: "1.0")
            == .init(sha256: content.legacy.sha256, rolloutID: nil, folderSHA256: content.legacy.sha256,
                     experimentID: "cta", arm: "control"))
        #expect(OTALocalizedString.installedContent(for: "Checkout", storageRoot: outside.root, appVersion: "1.0")
            == .init(sha256: content.checkout.sha256, rolloutID: nil))

        // Costs: devices the arm does not touch read the root, the stable base part and the ZIPs, as without an
        // experiment; only the arm's devices read the arm's base part.
        let index = try inArm.servedIndex()
        let armBase = SyncFixture.url("1.0", try #require(index.experiment?.arms.first?.parts.base.path))
        let stableRequests = [SyncFixture.url("1.0", "index.json"), try control.basePartURL()]
        #expect(Array(control.transport.requestedURLs.prefix(2)) == stableRequests && !control.transport.requestedURLs.contains(armBase))
        #expect(Array(outside.transport.requestedURLs.prefix(2)) == stableRequests && !outside.transport.requestedURLs.contains(armBase))
        #expect(control.transport.requestedURLs.count == 4 && outside.transport.requestedURLs.count == 4)
        #expect(inArm.transport.requestedURLs == stableRequests + [armBase, SyncFixture.url("1.0", content.checkoutShort.path)])

        // A 304 keeps the arm in the report and downloads nothing.
        inArm.transport.clearLog()
        await inArm.makeService().start()
        #expect(inArm.reports.last == OTALocalizationCycleReport(
            manifest: .notModified, modules: [.init(name: "Checkout", outcome: .skipped)], experiment: Experiment(id: "cta", arm: "short")))
        #expect(inArm.transport.requestedURLs == [SyncFixture.url("1.0", "index.json")])
    }

    @Test func growingAShareAddsDevicesAndMovesNoneBetweenArms() async throws {
        let content = Content()
        let grower = try device(ExperimentDevice.shortAtTwenty)
        let inArm = try device(ExperimentDevice.short)
        let control = try device(ExperimentDevice.control)
        for fixture in [grower, inArm, control] {
            try fixture.publishExperiment(stable: [content.checkout, content.legacy], arms: [Self.short(content)])
            await fixture.makeService().start()
        }
        #expect(grower.reports.last?.experiment == Experiment(id: "cta", arm: nil))
        #expect(current(grower, "Checkout") == content.checkout.sha256 + "\n")
        // 20%, control and arm alike: the grower joins the arm; the others keep theirs without a download.
        for fixture in [grower, inArm, control] {
            fixture.transport.clearLog()
            try fixture.publishExperiment(
                stable: [content.checkout, content.legacy], control: 2000, arms: [Self.short(content, basisPoints: 2000)],
                publishedAt: "2026-07-24T11:00:00Z")
            await fixture.makeService().start()
        }
        #expect(grower.reports.last == OTALocalizationCycleReport(
            manifest: .updated, stateSaved: true,
            modules: [.init(name: "Checkout", outcome: .updated, bytes: Int64(content.checkoutShort.zip.count)),
                      .init(name: "Legacy", outcome: .removed)],
            experiment: Experiment(id: "cta", arm: "short")))
        #expect(grower.rolloutRecord("Checkout") == "\(content.checkoutShort.sha256) cta short\n" && !grower.exists("1.0/modules/Legacy/current"))
        #expect(inArm.reports.last == OTALocalizationCycleReport(
            manifest: .updated, stateSaved: true, modules: [.init(name: "Checkout", outcome: .skipped)],
            experiment: Experiment(id: "cta", arm: "short")))
        #expect(control.reports.last?.experiment == Experiment(id: "cta", arm: "control"))
        #expect(control.reports.last?.modules.map(\.outcome) == [.skipped, .skipped])
        for fixture in [inArm, control] { #expect(!fixture.transport.requestedURLs.contains { $0.hasSuffix(".zip") }) }
    }

    @Test func anArmsRemovalDropsAModuleAndEndingTheArmBringsTheStableTextBack() async throws {
        let content = Content()
        let fixture = try device(ExperimentDevice.short)
        // Before the experiment: the stable modules, Legacy included.
        try fixture.publishExperiment(stable: [content.checkout, content.legacy], arms: [("short", 3333, 0, [content.checkoutShort], ["Legacy"])])
        await fixture.makeService().start()
        #expect(fixture.reports.last?.experiment == Experiment(id: "cta", arm: nil))
        #expect(fixture.exists("1.0/modules/Legacy/current"))
        // The arm reaches the device: Legacy is removed (embedded strings), Checkout replaced.
        try fixture.publishExperiment(stable: [content.checkout, content.legacy], arms: [Self.short(content)], publishedAt: "2026-07-24T11:00:00Z")
        await fixture.makeService().start()
        #expect(fixture.reports.last?.modules == [
            .init(name: "Checkout", outcome: .updated, bytes: Int64(content.checkoutShort.zip.count)), .init(name: "Legacy", outcome: .removed),
        ])
        #expect(!fixture.exists("1.0/modules/Legacy/current"))
        #expect(OTALocalizedString.installedContent(for: "Legacy", storageRoot: fixture.root, appVersion: "1.0") == nil)
        // The arm is taken out of the experiment (another arm stays): the device is outside, stable again, unrecorded.
        let other = (name: "long", start: 6666, basisPoints: 1000, modules: [try SyncFixture.module("Checkout", version: 3)], removed: [String]())
        try fixture.publishExperiment(stable: [content.checkout, content.legacy], arms: [other], publishedAt: "2026-07-24T12:00:00Z")
        await fixture.makeService().start()
        #expect(fixture.reports.last == OTALocalizationCycleReport(
            manifest: .updated, stateSaved: true,
            modules: [.init(name: "Checkout", outcome: .updated, bytes: Int64(content.checkout.zip.count)),
                      .init(name: "Legacy", outcome: .updated, bytes: Int64(content.legacy.zip.count))],
            experiment: Experiment(id: "cta", arm: nil)))
        #expect(fixture.rolloutRecord("Checkout") == nil && fixture.rolloutRecord("Legacy") == nil)
        #expect(OTALocalizedString.installedContent(for: "Checkout", storageRoot: fixture.root, appVersion: "1.0")
            == .init(sha256: content.checkout.sha256, rolloutID: nil))
    }

    @Test func theEndOfTheExperimentKeepsTheWinnersContentWithoutADownload() async throws {
        let content = Content()
        let fixture = try device(ExperimentDevice.short)
        try fixture.publishExperiment(stable: [content.checkout, content.legacy], arms: [Self.short(content)])
        await fixture.makeService().start()
        fixture.transport.clearLog()
        // `experiment end --winner short`: the arm's entries become the stable ones; no experiment object.
        fixture.publish([content.checkoutShort], publishedAt: "2026-07-24T12:00:00Z")
        await fixture.makeService().start()
        #expect(fixture.reports.last == OTALocalizationCycleReport(
            manifest: .updated, stateSaved: true, modules: [.init(name: "Checkout", outcome: .skipped)]))
        #expect(!fixture.transport.requestedURLs.contains { $0.hasSuffix(".zip") })
        #expect(fixture.rolloutRecord("Checkout") == nil)
    }

    @Test func aSignedExperimentInstallsAndATamperedArmIsRefused() async throws {
        let key = ManifestSigningKey.generate()
        let content = Content()
        let fixture = try device(ExperimentDevice.outside)
        try fixture.publishExperiment(stable: [content.checkout, content.legacy], arms: [Self.short(content)], signedBy: [key])
        // An attacker moves the arm over every bucket in the signed index, keeping the signature.
        let envelopeURL = SyncFixture.url("1.0", "index.dsse.json")
        var envelope = try ManifestEnvelope(bytes: fixture.transport.body(envelopeURL), payloadType: ManifestEnvelope.indexPayloadType)
        let original = envelope
        let payload = String(decoding: envelope.payload, as: UTF8.self)
        #expect(payload.contains("\"start\": 3333,\n        \"percent\": 10,"))
        envelope.payload = Data(payload.replacingOccurrences(of: "\"start\": 3333,\n        \"percent\": 10,", with: "\"start\": 1000,\n        \"percent\": 90,").utf8)
        fixture.transport.serve(envelopeURL, envelope.encoded())
        await fixture.makeService(trustedKeys: [key.publicKey]).start()
        #expect(fixture.reports.last?.manifest == .failed && fixture.reports.last?.errorCode == .signature)
        #expect(fixture.reports.last?.signatureCode == .badSignature && fixture.reports.last?.experiment == nil)
        #expect(!fixture.exists("1.0/modules"))
        // The publish as signed installs, outside the arm.
        fixture.transport.serve(envelopeURL, original.encoded())
        await fixture.makeService(trustedKeys: [key.publicKey]).start()
        #expect(fixture.reports.last?.experiment == Experiment(id: "cta", arm: nil))
        #expect(current(fixture, "Checkout") == content.checkout.sha256 + "\n")
    }
}
