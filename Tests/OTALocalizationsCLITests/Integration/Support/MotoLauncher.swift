import Foundation
import OTALocalizationsTooling
import OTATestSupport

/// How ``MotoServer`` starts moto: its own server, with one behaviour of S3 that moto lacks. An object stored with
/// SSE-KMS (a bucket whose default encryption is `aws:kms`) gets an ETag that is not the MD5 of its body, a new one at
/// each write, as S3 gives it ("Objects created by the PUT Object, POST Object, or Copy operation … encrypted by SSE-C
/// or SSE-KMS, have ETags that are not an MD5 digest of their object data", Amazon S3 API Reference, `Object`,
/// `ETag`); moto gives every object its MD5. Every other object, and every other request, is moto's own.
enum MotoLauncher {
    /// Python run with the server's arguments: the patch, then moto's `moto_server` entry point.
    static let script = """
        import os, sys
        from moto.s3 import models
        _md5_etag = models.FakeKey.etag
        def _etag(self):
            if getattr(self, "encryption", None) in ("aws:kms", "aws:kms:dsse") and self._etag is None:
                self._etag = os.urandom(16).hex()
            return _md5_etag.fget(self)
        models.FakeKey.etag = property(_etag)
        from moto.server import main
        main(sys.argv[1:])
        """

    /// The interpreter `moto_server` runs with (its `#!` line) and the arguments that start the patched server on
    /// `port`, with the script written into `folder`.
    ///
    /// - Throws: when `motoServer` is not a Python script with a `#!` line.
    static func command(motoServer: String, port: Int, folder: URL) throws -> (executable: URL, arguments: [String]) {
        let head = (FileManager.default.contents(atPath: motoServer) ?? Data()).prefix(512)
        guard let line = String(decoding: head, as: UTF8.self).split(separator: "\n").first, line.hasPrefix("#!") else {
            throw ToolFailureText("\(motoServer) has no #! line: the S3 tests start moto with the Python that runs moto_server; run Scripts/test")
        }
        let interpreter = line.dropFirst(2).trimmingCharacters(in: .whitespaces)
        let script = folder.appendingPathComponent("moto-s3.py")
        try Data(Self.script.utf8).write(to: script)
        return (URL(fileURLWithPath: interpreter), [script.path, "-H", "127.0.0.1", "-p", String(port)])
    }
}
