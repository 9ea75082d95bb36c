import Foundation
import OTATestSupport
import Testing

extension NginxIntegrationTests {
    /// A copy experiment end to end: `experiment start`, `share` and `end` on a published folder served by nginx, and
    /// devices with known install IDs synced with the built `ota-localizations sync` after each step. Each device's
    /// arm is computed with Python's `hashlib` from the manifest as written (``PublishedSite/arms(_:)``); its report
    /// and the German cart title it installed must match.
    @Suite struct NginxExperimentTests {
        typealias H = SyncHarness

        /// The German cart title of production (and control), of staging (arm short) and of long (arm long).
        private static let titles = ["control": "Dein Warenkorb", "short": "Ihr Warenkorb", "long": "Ihr Einkaufswagen"]

        private func cli(_ arguments: [String]) async throws -> ToolResult {
            try await ExternalTool.run(TestPaths.cliExecutable.path, arguments)
        }

        @Test func devicesFollowTheirArmThroughStartGrowthAndEnd() async throws {
            let site = try await PublishedSite()
            try await site.publishLongChannel()
            let server = try NginxServer()
            defer { server.stop() }
            let f = site.folder.path
            await #expect(try cli(["experiment", "start", f, "--id", "checkout-cta", "--arm", "short=staging", "--arm", "long=long",
                                   "--percent", "10", "--quiet"]).status == 0)
            try server.publish(site.www)

            // One device in each arm and control.
            let atTen = try await site.arms()
            var devices: [(install: String, arm: String?)] = []
            for arm in ["control", "short", "long"] {
                devices.append(try #require(atTen.sorted { $0.key < $1.key }.first { $0.value == arm }.map { ($0.key, $0.value) }))
            }
            let roots = try (0..<5).map { _ in try TemporaryDirectory("experiment-device") }
            defer { roots.forEach { $0.remove() } }

            func check(_ step: String, arms: [String: String?]) async throws {
                for (device, root) in zip(devices, roots) {
                    let expected = arms[device.install] ?? nil
                    let (result, report) = try await H.sync(server.baseURL, into: root.url)
                    #expect(result.status == 0, "\(step) \(device.install): \(result.stderr)")
                    let experiment = report["experiment"] as? [String: Any]
                    #expect(experiment?["id"] as? String == "checkout-cta", "\(step) \(device.install)")
                    #expect(experiment?["arm"] as? String == expected, "\(step) \(device.install): \(report)")
                    #expect(experiment?["forced"] as? Bool == false, "\(step) \(device.install)")
                    let title = try await H.lookup(root.url, module: "Checkout", localization: "de", key: "cart.title").stdout
                    #expect(title == Self.titles[expected ?? "control"]! + "\n", "\(step) \(device.install)")
                    // The text report of the 304 that follows names the stored experiment and this root's arm.
                    let place = switch expected {
                    case nil: "in no arm (it uses the stable modules, outside the experiment)"
                    case "control": "in control (it uses the stable modules)"
                    case let arm?: "in arm \(arm) (it uses that arm's modules)"
                    }
                    let text = try await H.cli(["sync", "--base-url", server.baseURL, "--app-version", H.appVersion, "--into", root.path])
                    #expect(text.stdout.hasPrefix("Manifest: notModified, state unchanged\nExperiment checkout-cta: this storage root is \(place)\n"),
                            "\(step) \(device.install): \(text.stdout)")
                }
            }

            // Two more, outside at 10%: one that 30% puts in short and one it leaves out. Growing to 30% first (nothing
            // is served yet) tells which; back at 10%, the ranges are the start's again, since starts never move.
            await #expect(try cli(["experiment", "share", f, "--percent", "30", "--quiet"]).status == 0)
            let atThirty = try await site.arms()
            let sorted = atTen.sorted { $0.key < $1.key }
            devices.append(try #require(sorted.first { $0.value == nil && (atThirty[$0.key] ?? nil) == "short" }.map { ($0.key, nil) }))
            devices.append(try #require(sorted.first { $0.value == nil && (atThirty[$0.key] ?? "absent") == nil }.map { ($0.key, nil) }))
            for (device, root) in zip(devices, roots) {
                try Data((device.install + "\n").utf8).write(to: root.url.appendingPathComponent(".ota-install-id"))
            }
            await #expect(try cli(["experiment", "share", f, "--percent", "10", "--quiet"]).status == 0)
            try server.publish(site.www)
            try await check("at 10%", arms: atTen)

            await #expect(try cli(["experiment", "share", f, "--percent", "30", "--quiet"]).status == 0)
            try server.publish(site.www)
            try await check("at 30%", arms: atThirty)
            // Growth kept every device's arm and added the fourth to short.
            for device in devices.prefix(3) { #expect((atThirty[device.install] ?? nil) == device.arm) }
            #expect((atThirty[devices[3].install] ?? nil) == "short" && (atThirty[devices[4].install] ?? "absent") == nil)

            // The end: every device, whatever its arm, installs the winner's text and leaves the experiment.
            await #expect(try cli(["experiment", "end", f, "--winner", "long", "--quiet"]).status == 0)
            try server.publish(site.www)
            for (device, root) in zip(devices, roots) {
                let (result, report) = try await H.sync(server.baseURL, into: root.url)
                #expect(result.status == 0, "end \(device.install): \(result.stderr)")
                #expect(report["experiment"] == nil, "end \(device.install)")
                let title = try await H.lookup(root.url, module: "Checkout", localization: "de", key: "cart.title").stdout
                #expect(title == "Ihr Einkaufswagen\n", "end \(device.install)")
            }
        }
    }
}
