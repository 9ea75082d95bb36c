import Foundation
import OTALocalizations
import OTALocalizationsCore
@testable import OTALocalizationsSync
import OTATestSupport
import Testing

/// Forcing a copy experiment's arm for QA (docs/integration.md, "A QA screen"): a debug action whose choice the next
/// cycles install whatever the bucket, flagged as forced in the report, the records, exposures and diagnostics; a
/// release configuration refuses it and ignores a choice left on the device.
@Suite struct ForcedExperimentArmTests {
    typealias Experiment = OTALocalizationCycleReport.Experiment

    let checkout = try! SyncFixture.module("Checkout", version: 1)
    let legacy = try! SyncFixture.module("Legacy", version: 1)
    let checkoutShort = try! SyncFixture.module("Checkout", version: 2)

    private func outsideDevice() throws -> SyncFixture {
        let fixture = try SyncFixture()
        try fixture.setInstallID(ExperimentDevice.outside)
        try fixture.publishExperiment(stable: [checkout, legacy], arms: [("short", 3333, 1000, [checkoutShort], ["Legacy"])])
        return fixture
    }

    @Test func aForcedArmIsInstalledWhateverTheBucketAndSaysSoEverywhere() async throws {
        let fixture = try outsideDevice()
        let service = fixture.makeService(debugActions: true)
        _ = try await service.runCycleNow()
        #expect(fixture.reports.last?.experiment == Experiment(id: "cta", arm: nil))

        try await service.forceExperimentArm("short")
        #expect(try String(contentsOf: fixture.root.appendingPathComponent(".ota-debug-experiment-arm"), encoding: .utf8) == "short\n")
        #expect(await service.forcedExperimentArm == "short")
        // The index did not change (a 304 would do), but the forced arm makes the device read it again.
        let report = try await service.runCycleNow()
        #expect(fixture.reports.last == OTALocalizationCycleReport(
            manifest: .updated, stateSaved: true,
            modules: [.init(name: "Checkout", outcome: .updated, bytes: Int64(checkoutShort.zip.count)), .init(name: "Legacy", outcome: .removed)],
            experiment: Experiment(id: "cta", arm: "short", forced: true)))
        #expect(report?.jsonText().contains(#""experiment":{"id":"cta","arm":"short","forced":true}"#) == true)
        #expect(fixture.rolloutRecord("Checkout") == "\(checkoutShort.sha256) cta short forced\n")
        let installed = OTALocalizedString.installedContent(for: "Checkout", storageRoot: fixture.root, appVersion: "1.0")
        #expect(installed == .init(
            sha256: checkoutShort.sha256, rolloutID: nil, folderSHA256: checkoutShort.sha256, experimentID: "cta", arm: "short",
            armForced: true))
        let exposure = OTALocalizedString.Exposure(module: "Checkout", served: .overTheAir(try #require(installed)))
        #expect(exposure.experimentID == "cta" && exposure.arm == "short" && exposure.forced)
        #expect(OTALocalizedString.Exposure(module: "Legacy", served: .embedded(.notInstalled)).arm == nil)
        let diagnostics = await service.diagnostics(modules: ["Checkout"])
        #expect(diagnostics.forcedExperimentArm == "short")
        #expect(diagnostics.modules.first?.installed?.arm == "short" && diagnostics.modules.first?.installed?.forced == true)
        #expect(diagnostics.exportJSON().contains(#""forcedExperimentArm":"short","#))
        // The kept reports read back with their experiment (the outside one's arm is null).
        #expect(diagnostics.cycleReports.map(\.report.experiment) == [
            Experiment(id: "cta", arm: nil), Experiment(id: "cta", arm: "short", forced: true),
        ])

        // Control can be forced too; clearing it gives the bucket back (outside: the stable text, no record).
        try await service.forceExperimentArm("control")
        #expect(try await service.runCycleNow()?.experiment == Experiment(id: "cta", arm: "control", forced: true))
        #expect(fixture.rolloutRecord("Checkout") == "\(checkout.sha256) cta control forced\n")
        try await service.forceExperimentArm(nil)
        #expect(!fixture.exists(".ota-debug-experiment-arm"))
        #expect(await service.forcedExperimentArm == nil)
        let cleared = try await service.runCycleNow()
        #expect(cleared?.manifest == .updated && cleared?.experiment == Experiment(id: "cta", arm: nil))
        #expect(fixture.rolloutRecord("Checkout") == nil)
        // With nothing changed since, a cycle is a 304 again.
        #expect(try await service.runCycleNow()?.manifest == .notModified)
        // The kill switch deletes a forced arm with the bundles.
        try await service.forceExperimentArm("short")
        await service.deleteAllBundles()
        #expect(!fixture.exists(".ota-debug-experiment-arm"))
    }

    @Test func anArmTheExperimentLacksIsIgnoredAndABadNameRefused() async throws {
        let fixture = try outsideDevice()
        let service = fixture.makeService(debugActions: true)
        try await service.forceExperimentArm("long")
        #expect(try await service.runCycleNow()?.experiment == Experiment(id: "cta", arm: nil))
        do {
            try await service.forceExperimentArm("Short")
            Issue.record("accepted a name that is not an arm name")
        } catch {
            #expect(error.code == .arm)
        }
        #expect(await service.forcedExperimentArm == "long")
    }

    @Test func aReleaseConfigurationRefusesToForceAndIgnoresAForcedArmLeftOnTheDevice() async throws {
        let fixture = try outsideDevice()
        let release = fixture.makeService()
        do {
            try await release.forceExperimentArm("short")
            Issue.record("forced an arm without the opt-in")
        } catch {
            #expect(error.code == .notAllowed)
        }
        #expect(!fixture.exists(".ota-debug-experiment-arm"))
        // A choice a QA build left behind: a release build's cycles go by the bucket.
        try Data("short\n".utf8).write(to: fixture.root.appendingPathComponent(".ota-debug-experiment-arm"))
        await release.start()
        #expect(fixture.reports.last?.experiment == Experiment(id: "cta", arm: nil))
        #expect(fixture.read("1.0/modules/Checkout/current") == Data((checkout.sha256 + "\n").utf8))
        #expect(fixture.rolloutRecord("Checkout") == nil)
        // Nor does its QA snapshot report the file as a forced arm; a debug build of the same root does.
        #expect(await release.forcedExperimentArm == nil)
        #expect(await release.diagnostics().forcedExperimentArm == nil)
        #expect(await fixture.makeService(debugActions: true).diagnostics().forcedExperimentArm == "short")
    }
}
