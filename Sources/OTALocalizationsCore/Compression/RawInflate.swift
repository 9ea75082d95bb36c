import COTAZlib
import Foundation

/// Raw inflate (RFC 1951, no zlib or gzip header) with a hard output limit, for ZIP method 8 (APPNOTE.TXT 4.4.5).
enum RawInflate {
    /// Returns the bytes of the raw deflate stream in `data`.
    ///
    /// Output grows in 64 KiB steps and stops with an error as soon as it would exceed `maximumBytes`, so memory
    /// stays bounded whatever the input claims. Bytes after the end of the stream are ignored.
    /// - Parameter maximumBytes: the largest output accepted, in bytes.
    /// - Throws: ``CompressionError`` with code `outputTooLarge`, `corruptData`, `truncated` or `zlib`.
    static func decompress(_ data: Data, maximumBytes: Int) throws -> Data {
        try data.withUnsafeBytes { try decompress($0, maximumBytes: maximumBytes).output }
    }

    /// Inflates the stream at the start of `input`; returns the output and how many input bytes the stream used.
    static func decompress(
        _ input: UnsafeRawBufferPointer, maximumBytes: Int
    ) throws -> (output: Data, consumed: Int) {
        // zlib keeps the stream's address (its state points back to it and every call checks that), so the stream
        // lives in allocated storage whose address cannot change, not in a Swift value that may be moved or copied.
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        defer { stream.deallocate() }
        let initResult = cota_inflate_init_raw(stream)
        guard initResult == Z_OK else {
            throw CompressionError(
                code: .zlib, reason: "inflateInit2 failed: \(ZlibText.message(initResult, stream.pointee))")
        }
        defer { inflateEnd(stream) }

        let limit = max(0, maximumBytes)
        var output = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var offset = 0
        while true {
            // Feed at most 1 GiB at a time (avail_in is 32 bits).
            if stream.pointee.avail_in == 0 && offset < input.count {
                let chunk = min(input.count - offset, 1 << 30)
                stream.pointee.next_in = UnsafeMutablePointer(
                    mutating: input.baseAddress!.assumingMemoryBound(to: UInt8.self) + offset)
                stream.pointee.avail_in = UInt32(chunk)
                offset += chunk
            }
            let availableBefore = stream.pointee.avail_in
            let rc = buffer.withUnsafeMutableBufferPointer { out -> Int32 in
                stream.pointee.next_out = out.baseAddress
                stream.pointee.avail_out = UInt32(out.count)
                return inflate(stream, Z_NO_FLUSH)
            }
            let produced = buffer.count - Int(stream.pointee.avail_out)
            if produced > limit - output.count {
                throw CompressionError(
                    code: .outputTooLarge, reason: "the stream inflates to more than \(limit) bytes")
            }
            output.append(contentsOf: buffer[0..<produced])
            switch rc {
            case Z_STREAM_END:
                let consumed = offset - Int(stream.pointee.avail_in)
                return (output, consumed)
            case Z_OK:
                continue
            case Z_BUF_ERROR:
                // No progress possible: either the input ran out or it is genuinely stuck.
                if stream.pointee.avail_in == 0 && offset >= input.count {
                    throw CompressionError(code: .truncated, reason: "the deflate stream ends before its final block")
                }
                if produced == 0 && stream.pointee.avail_in == availableBefore {
                    throw CompressionError(code: .corruptData, reason: "the deflate stream makes no progress")
                }
            case Z_DATA_ERROR, Z_NEED_DICT:
                throw CompressionError(code: .corruptData, reason: ZlibText.message(rc, stream.pointee))
            default:
                throw CompressionError(code: .zlib, reason: ZlibText.message(rc, stream.pointee))
            }
        }
    }
}
