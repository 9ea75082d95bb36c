/// One character of a string literal as the lexer read it: from the source, from an escape, or an interpolation.
///
/// Only characters from the source take part in a multi-line literal's layout (its line breaks and indentation); an
/// escaped `\n` or `\t` is content (The Swift Programming Language, "Multiline String Literals").
enum StringLiteralPiece: Equatable {
    case source(Unicode.Scalar)
    case escaped(Unicode.Scalar)
    case interpolation
    /// A backslash that ends a multi-line literal's line: the lines join without a line break, and the next line's
    /// indentation is removed like any other's.
    case lineContinuation

    /// The decoded text between the interpolations of a literal (one more segment than interpolations).
    static func segments(of pieces: [StringLiteralPiece], multiLine: Bool) -> [String] {
        var segments = [""]
        for piece in multiLine ? laidOut(pieces) : pieces {
            switch piece {
            case .source(let scalar), .escaped(let scalar): segments[segments.count - 1].unicodeScalars.append(scalar)
            case .interpolation: segments.append("")
            case .lineContinuation: continue
            }
        }
        return segments
    }

    /// A multi-line literal's pieces without the line break after the opening delimiter, the line of the closing
    /// one, and the closing line's indentation at the start of every line; source line breaks become `\n`.
    private static func laidOut(_ pieces: [StringLiteralPiece]) -> [StringLiteralPiece] {
        // Each line, and whether it ends in a line break (false: a line continuation).
        var lines: [(pieces: [StringLiteralPiece], breaks: Bool)] = [([], true)]
        var index = 0
        while index < pieces.count {
            let piece = pieces[index]
            index += 1
            if piece == .source("\r") || piece == .source("\n") || piece == .lineContinuation {
                if piece == .source("\r"), index < pieces.count, pieces[index] == .source("\n") { index += 1 }
                lines[lines.count - 1].breaks = piece != .lineContinuation
                lines.append(([], true))
            } else {
                lines[lines.count - 1].pieces.append(piece)
            }
        }
        guard lines.count >= 2 else { return [] }
        let indentation = lines.removeLast().pieces
        lines.removeFirst()
        var result: [StringLiteralPiece] = []
        for (number, line) in lines.enumerated() {
            if number > 0, lines[number - 1].breaks { result.append(.source("\n")) }
            result += line.pieces.starts(with: indentation) ? Array(line.pieces.dropFirst(indentation.count)) : line.pieces
        }
        return result
    }
}
