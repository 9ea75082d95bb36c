import OTALocalizationsCore
import OTALocalizationsPublishing

/// A read ``PropertyListValue`` as the ``PropertyListNode`` the writer takes: strings and dictionaries only.
enum PseudoPropertyListNode {
    /// The node of `value`, or nil when it holds anything but strings and dictionaries.
    static func node(_ value: PropertyListValue) -> PropertyListNode? {
        switch value {
        case .string(let text):
            return .string(text)
        case .dictionary(let members):
            var nodes: [(key: String, value: PropertyListNode)] = []
            for (key, member) in members {
                guard let node = node(member) else { return nil }
                nodes.append((key, node))
            }
            return .dictionary(nodes)
        default:
            return nil
        }
    }
}
