/// Fast decoding of well-formed text: one pass over the bytes, writing scalars straight into the result.
///
/// Each function returns `nil` as soon as the input is not well formed, without saying why; the caller then
/// decodes again with the standard library's decoder, which finds the error, its place and (for UTF-16) the
/// U+FFFD repairs. Whatever these functions accept, they decode exactly as that decoder does.
extension TableText {
    /// The scalars of `bytes[start...]` if it is well-formed UTF-8 (RFC 3629, Unicode Table 3-7), else `nil`.
    static func scalarsOfWellFormedUTF8(_ bytes: [UInt8], from start: Int) -> [Unicode.Scalar]? {
        var wellFormed = true
        let scalars = bytes.withUnsafeBufferPointer { input in
            [Unicode.Scalar](unsafeUninitializedCapacity: max(input.count - start, 0)) { output, count in
                var offset = start
                while offset < input.count {
                    let lead = input[offset]
                    if lead < 0x80 {
                        output[count] = Unicode.Scalar(lead)
                        count += 1
                        offset += 1
                        continue
                    }
                    guard let (scalar, width) = multiByteScalar(input, at: offset) else {
                        wellFormed = false
                        count = 0
                        return
                    }
                    output[count] = scalar
                    count += 1
                    offset += width
                }
            }
        }
        return wellFormed ? scalars : nil
    }

    /// The scalar encoded by 2-4 bytes at `offset` (whose lead byte is not ASCII) and their count, or `nil`.
    private static func multiByteScalar(_ input: UnsafeBufferPointer<UInt8>, at offset: Int) -> (Unicode.Scalar, Int)? {
        let lead = input[offset]
        // The range of the second byte depends on the lead byte: it rules out overlong forms, surrogates
        // (ED A0-BF) and values above U+10FFFF (Unicode Table 3-7).
        let width: Int
        let secondRange: ClosedRange<UInt8>
        switch lead {
        case 0xC2...0xDF: (width, secondRange) = (2, 0x80...0xBF)
        case 0xE0: (width, secondRange) = (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (width, secondRange) = (3, 0x80...0xBF)
        case 0xED: (width, secondRange) = (3, 0x80...0x9F)
        case 0xF0: (width, secondRange) = (4, 0x90...0xBF)
        case 0xF1...0xF3: (width, secondRange) = (4, 0x80...0xBF)
        case 0xF4: (width, secondRange) = (4, 0x80...0x8F)
        default: return nil
        }
        guard input.count - offset >= width, secondRange.contains(input[offset + 1]) else { return nil }
        var value = UInt32(lead) & (0xFF >> (width + 1))
        for position in (offset + 1)..<(offset + width) {
            let byte = input[position]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, width)
    }

    /// The scalars of the UTF-16 code units in `bytes[start...]` if they are well formed (an even number of
    /// bytes, every surrogate in a high-low pair), else `nil`.
    static func scalarsOfWellFormedUTF16(_ bytes: [UInt8], from start: Int, bigEndian: Bool) -> [Unicode.Scalar]? {
        guard (bytes.count - start) % 2 == 0 else { return nil }
        var wellFormed = true
        let scalars = bytes.withUnsafeBufferPointer { input in
            [Unicode.Scalar](unsafeUninitializedCapacity: max((input.count - start) / 2, 0)) { output, count in
                func unit(at offset: Int) -> UInt16 {
                    let first = UInt16(input[offset]), second = UInt16(input[offset + 1])
                    return bigEndian ? (first << 8 | second) : (second << 8 | first)
                }
                var offset = start
                while offset < input.count {
                    let value = unit(at: offset)
                    offset += 2
                    if let scalar = Unicode.Scalar(value) {
                        output[count] = scalar
                        count += 1
                        continue
                    }
                    guard UTF16.isLeadSurrogate(value), offset < input.count else {
                        wellFormed = false
                        count = 0
                        return
                    }
                    let trail = unit(at: offset)
                    guard UTF16.isTrailSurrogate(trail),
                          let scalar = Unicode.Scalar(0x1_0000 + (UInt32(value - 0xD800) << 10 | UInt32(trail - 0xDC00)))
                    else {
                        wellFormed = false
                        count = 0
                        return
                    }
                    offset += 2
                    output[count] = scalar
                    count += 1
                }
            }
        }
        return wellFormed ? scalars : nil
    }
}
