/// The known word closest to a mistyped one, for the "did you mean" of options and commands.
enum Suggestion {
    /// The known word closest to `word`: at most two edits away (insert, delete, replace or swap two neighbours;
    /// three for words of ten letters and more), or one that starts with `word`; the first in sorted order among
    /// equally close ones; nil when none is close.
    static func closest(to word: String, among known: [String]) -> String? {
        let limit = word.count >= 10 ? 3 : 2
        var best: (word: String, distance: Int)?
        for candidate in known.sorted() {
            let distance = candidate.hasPrefix(word) && !word.isEmpty ? 1 : editDistance(word, candidate)
            if distance <= limit, distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        return best?.word
    }

    /// The optimal string alignment distance (Damerau–Levenshtein without repeated edits of one substring).
    static func editDistance(_ a: String, _ b: String) -> Int {
        let x = Array(a), y = Array(b)
        guard !x.isEmpty else { return y.count }
        guard !y.isEmpty else { return x.count }
        var table = Array(repeating: Array(repeating: 0, count: y.count + 1), count: x.count + 1)
        for i in 0...x.count { table[i][0] = i }
        for j in 0...y.count { table[0][j] = j }
        for i in 1...x.count {
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[x.count][y.count]
    }
}
