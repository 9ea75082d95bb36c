import Foundation

/// The language choice used where Foundation does not negotiate (Linux): a small model of Apple's matcher, written
/// from docs/apple-platform.md L4-L11 and checked against every example listed there (`LocalizationSelectionTests`).
///
/// For each preferred language in order: every available name of the same language (and script, for Chinese) gets a
/// score, the smallest `i + j` at which the two parent chains share an entry (an exact match scores -1); the lowest
/// wins, ties going to the earlier available name; the other available names on the winner's chain follow it. Only
/// the first preferred language that matches contributes, except that `pt-PT` meeting only `pt-BR` is kept aside and
/// used only when no other preference matches (L9).
enum LocalizationMatcher {
    static func localizations(from available: [String], preferences: [String]) -> [String] {
        var keptAside: [String]?
        for preference in preferences {
            let wanted = canonical(preference)
            let chain = parentChain(wanted)
            var best: (score: Int, name: String)?
            for name in available {
                let candidate = canonical(name)
                guard languageGroup(candidate) == languageGroup(wanted) else { continue }
                let score: Int
                if candidate.lowercased() == wanted.lowercased() {
                    score = -1
                } else {
                    let theirs = availableChain(candidate)
                    let meetings = chain.enumerated().compactMap { i, tag in theirs.firstIndex(of: tag).map { i + $0 } }
                    guard let lowest = meetings.min() else { continue }
                    score = lowest
                }
                if best == nil || score < best!.score { best = (score, name) }
            }
            guard let winner = best?.name else { continue }
            let winnerChain = parentChain(canonical(winner))
            let fallbacks = winnerChain.dropFirst().compactMap { tag in available.first { canonical($0) == tag } }
            let result = [winner] + fallbacks.filter { $0 != winner }
            if wanted.hasPrefix("pt-PT"), canonical(winner).hasPrefix("pt-BR") {
                if keptAside == nil { keptAside = result }
                continue
            }
            return result
        }
        return keptAside ?? []
    }

    /// `_` as `-`, Chinese region tags as script tags (`zh-TW` → `zh-Hant-TW`, `zh-HK` → `zh-Hant-HK`, `zh-CN` →
    /// `zh-Hans-CN`), and the legacy English names of `.lproj` folders.
    static func canonical(_ tag: String) -> String {
        let dashed = tag.replacingOccurrences(of: "_", with: "-")
        if let legacy = legacyNames[dashed] { return legacy }
        let parts = dashed.split(separator: "-").map(String.init)
        if parts.first == "zh", parts.count == 2, let script = chineseScripts[parts[1]] {
            return "zh-\(script)-\(parts[1])"
        }
        return dashed
    }

    /// The language and, for Chinese, the script: names match only inside one group.
    private static func languageGroup(_ tag: String) -> String {
        let parts = tag.split(separator: "-")
        guard let language = parts.first.map(String.init) else { return tag }
        guard language == "zh" else { return language }
        return parts.contains("Hant") ? "zh-Hant" : "zh-Hans"
    }

    /// The tag, then its parents: Apple's own parents first, then the CLDR parents this model knows, then truncation.
    /// Traditional Chinese never reaches `zh`.
    static func parentChain(_ tag: String) -> [String] {
        var chain = [tag]
        var current = tag
        while let parent = parent(of: current), !chain.contains(parent) {
            chain.append(parent)
            current = parent
        }
        return chain
    }

    /// An available name's chain: its own name twice at the head when its region is not its language's default one
    /// (the one-step penalty of L4), except `es-MX`.
    private static func availableChain(_ tag: String) -> [String] {
        let chain = parentChain(tag)
        let parts = tag.split(separator: "-").map(String.init)
        guard parts.count == 2, parts[1].count == 2, let language = parts.first, tag != "es-MX",
              let home = defaultRegions[language], home != parts[1]
        else { return chain }
        return [tag] + chain
    }

    private static func parent(of tag: String) -> String? {
        if let parent = appleParents[tag] { return parent }
        let parts = tag.split(separator: "-").map(String.init)
        guard parts.count > 1 else { return nil }
        if parts.count == 2, parts[1].count == 2 {
            if parts[0] == "en", parts[1] != "US" { return "en-001" }
            if parts[0] == "es", latinAmerica.contains(parts[1]) { return "es-419" }
        }
        if parts[0] == "zh", parts.count == 2, parts[1] == "Hant" { return nil }
        return parts.dropLast().joined(separator: "-")
    }

    private static let appleParents = [
        "en-AU": "en-GB", "en-NZ": "en-AU", "en-IN": "en-GB", "en-GB": "en-001", "en-001": "en", "es-MX": "es-419",
        "es-419": "es", "zh-Hant-HK": "zh-HK", "zh-HK": "zh-Hant", "zh-Hant-TW": "zh-Hant", "zh-Hans-CN": "zh-Hans",
    ]
    private static let latinAmerica: Set<String> = [
        "AR", "BO", "BR", "BZ", "CL", "CO", "CR", "CU", "DO", "EC", "GT", "HN", "NI", "PA", "PE", "PR", "PY", "SV", "US",
        "UY", "VE",
    ]
    private static let chineseScripts = ["TW": "Hant", "HK": "Hant", "MO": "Hant", "CN": "Hans", "SG": "Hans"]
    private static let defaultRegions = [
        "en": "US", "es": "ES", "fr": "FR", "de": "DE", "pt": "BR", "it": "IT", "nl": "NL", "ru": "RU", "ja": "JP",
        "ko": "KR", "sv": "SE", "da": "DK", "nb": "NO", "fi": "FI", "pl": "PL", "tr": "TR", "ar": "EG", "zh": "CN",
    ]
    private static let legacyNames = [
        "English": "en", "French": "fr", "German": "de", "Spanish": "es", "Italian": "it", "Japanese": "ja",
        "Dutch": "nl",
    ]
}
