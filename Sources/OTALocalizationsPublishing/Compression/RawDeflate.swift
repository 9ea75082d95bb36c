import COTAZlib
import Foundation
import OTALocalizationsCore

/// Raw deflate compression (RFC 1951, no zlib or gzip header), the form of ZIP method 8 (APPNOTE.TXT 4.4.5).
enum RawDeflate {
    /// Returns `data` compressed as one raw deflate stream.
    ///
    /// Output depends only on the input, the level and the zlib version (zlib 1.2.x output is stable across releases
    /// in practice, which the reproducible ZIP writer relies on).
    /// - Parameter level: zlib compression level, 0 (store) through 9 (best); default 9.
    /// - Throws: ``CompressionError`` with code `zlib` when zlib cannot initialize (bad level, out of memory).
    static func compress(_ data: Data, level: Int32 = 9) throws -> Data {
        // zlib keeps the stream's address (its state points back to it and every call checks that), so the stream
        // lives in allocated storage whose address cannot change, not in a Swift value that may be moved or copied.
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        defer { stream.deallocate() }
        let initResult = cota_deflate_init_raw(stream, level)
        guard initResult == Z_OK else {
            throw CompressionError(
                code: .zlib, reason: "deflateInit2 failed: \(ZlibText.message(initResult, stream.pointee))")
        }
        defer { deflateEnd(stream) }

        var output = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let result: Int32 = data.withUnsafeBytes { input -> Int32 in
            var offset = 0
            while true {
                let chunk = min(input.count - offset, 1 << 30)
                let isLast = offset + chunk == input.count
                stream.pointee.next_in = UnsafeMutablePointer(
                    mutating: input.baseAddress.map { $0.assumingMemoryBound(to: UInt8.self) + offset })
                stream.pointee.avail_in = UInt32(chunk)
                let flush = isLast ? Z_FINISH : Z_NO_FLUSH
                var rc: Int32 = Z_OK
                repeat {
                    rc = buffer.withUnsafeMutableBufferPointer { out -> Int32 in
                        stream.pointee.next_out = out.baseAddress
                        stream.pointee.avail_out = UInt32(out.count)
                        let rc = deflate(stream, flush)
                        output.append(out.baseAddress!, count: out.count - Int(stream.pointee.avail_out))
                        return rc
                    }
                    if rc == Z_STREAM_ERROR { return rc }
                } while stream.pointee.avail_out == 0 || (isLast && rc != Z_STREAM_END)
                offset += chunk
                if isLast { return rc }
            }
        }
        guard result == Z_STREAM_END else {
            throw CompressionError(code: .zlib, reason: "deflate failed: \(ZlibText.message(result, stream.pointee))")
        }
        return output
    }
}
