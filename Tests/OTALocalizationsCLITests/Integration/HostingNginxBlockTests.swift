import Foundation
import OTATestSupport
import Testing

extension NginxIntegrationTests {
    /// docs/hosting.md's nginx block, its `location`s as written, on a real nginx: the headers of each kind of file,
    /// the commit points compressed on the wire with a weak `ETag`, and a device whose next cycle is one `304`.
    @Suite struct HostingNginxBlockTests {
        typealias H = SyncHarness

        /// The `location` blocks of the doc's ```nginx block: from the first `location` to the server's closing brace.
        private func documentedLocations() throws -> String {
            let text = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("docs/hosting.md"), encoding: .utf8)
            let block = try #require(MarkdownText.fencedBlocks("nginx", in: text).first)
            let start = try #require(block.firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix("location") })
            let end = try #require(block.lastIndex { $0 == "}" })
            return block[start..<end].joined(separator: "\n")
        }

        /// The response headers of a GET of `url` (names lowercased), its status and its body size on the wire.
        private func get(_ url: String, _ headers: [String] = []) async throws -> (status: Int, headers: [String: String], bytes: Int) {
            var arguments = ["-s", "--max-time", "10", "-D", "-", "-o", "/dev/null", "-w", "%{size_download}"]
            for header in headers { arguments += ["-H", header] }
            let result = try await ExternalTool.run("curl", arguments + [url])
            let lines = result.stdout.components(separatedBy: "\r\n")
            let status = Int(lines.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
            var fields: [String: String] = [:]
            for line in lines.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            return (status, fields, Int(lines.last ?? "") ?? -1)
        }

        @Test func theDocumentedBlockServesEachFileAsDevicesNeedIt() async throws {
            // Given: nginx with the doc's locations, the example app packaged and copied under /ios/.
            let server = try NginxServer(extraLocations: try documentedLocations())
            defer { server.stop() }
            let publication = try H.Publication()
            let published = try await publication.package(publishedAt: "2026-01-01T00:00:00Z")
            try server.publish(publication.output, under: "ios")
            let base = "http://127.0.0.1:\(server.port)/ios/\(H.appVersion)/"
            let indexFile = publication.output.appendingPathComponent("\(H.appVersion)/index.json")
            let index = try JSONSerialization.jsonObject(with: Data(contentsOf: indexFile)) as? [String: Any]
            let parts = try #require(index?["parts"] as? [String: Any])
            let basePart = try #require((parts["base"] as? [String: Any])?["path"] as? String)

            // Then: ZIPs and parts are immutable and sent as they are, parts as application/gzip.
            let zip = try await get(base + published[0].path, ["Accept-Encoding: gzip"])
            #expect(zip.status == 200 && zip.headers["content-type"] == "application/zip")
            #expect(zip.headers["cache-control"] == "public, max-age=31536000, immutable" && zip.headers["content-encoding"] == nil)
            let part = try await get(base + basePart, ["Accept-Encoding: gzip"])
            #expect(part.status == 200 && part.headers["content-type"] == "application/gzip")
            #expect(part.headers["cache-control"] == "public, max-age=31536000, immutable" && part.headers["content-encoding"] == nil)

            // And: each commit point is no-cache, gzip-encoded for a client that asks (smaller on the wire), with a
            // weak ETag that nginx answers with 304.
            let size = try #require(try FileManager.default.attributesOfItem(atPath: indexFile.path)[.size] as? Int)
            for name in ["index.json", "manifest.json"] {
                let plain = try await get(base + name)
                #expect(plain.status == 200 && plain.headers["cache-control"] == "no-cache" && plain.headers["content-encoding"] == nil, "\(name)")
                let compressed = try await get(base + name, ["Accept-Encoding: gzip"])
                #expect(compressed.headers["content-encoding"] == "gzip" && compressed.headers["vary"] == "Accept-Encoding", "\(name)")
                let etag = try #require(compressed.headers["etag"])
                #expect(etag.hasPrefix("W/\""), "\(name): \(etag)")
                let revalidated = try await get(base + name, ["Accept-Encoding: gzip", "If-None-Match: \(etag)"])
                #expect(revalidated.status == 304, "\(name)")
            }
            let compressedIndex = try await get(base + "index.json", ["Accept-Encoding: gzip"])
            #expect(compressedIndex.bytes > 0 && compressedIndex.bytes < size)

            // And: a device installs through it, and its next cycle is exactly one 304 for the ETag it stored.
            let storage = try TemporaryDirectory("hosting-block")
            defer { storage.remove() }
            let first = try await H.sync("http://127.0.0.1:\(server.port)/ios/", into: storage.url)
            #expect(first.result.status == 0 && first.report["manifest"] as? String == "updated", "\(first.result.stdout)")
            let before = server.requests().count
            let second = try await H.sync("http://127.0.0.1:\(server.port)/ios/", into: storage.url)
            #expect(second.report["manifest"] as? String == "notModified", "\(second.result.stdout)")
            let requests = Array(server.requests().dropFirst(before))
            #expect(requests.map(\.uri) == ["/ios/\(H.appVersion)/index.json"])
            #expect(requests.first?.status == 304)
            #expect(requests.first?.ifNoneMatch?.hasPrefix("W/\"") == true, "\(requests)")
        }
    }
}
