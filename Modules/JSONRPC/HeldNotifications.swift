/// `screen.changed` notifications waiting for a slow reader, one per handle:
/// a newer one replaces the one before in its place, so a peer that stops
/// reading costs at most one snapshot per open screen, never a backlog, and
/// gets the newest state of each screen when it reads again. Shared by the
/// servers' per-client outputs (`facet serve`, the web face).
public struct HeldNotifications<Message> {
    private var held: [String: Message] = [:]
    private var order: [String] = []

    public init() {}

    public var isEmpty: Bool { held.isEmpty }
    public var count: Int { held.count }

    /// Keeps `message` as the latest for `key`.
    public mutating func hold(_ message: Message, key: String) {
        if held.updateValue(message, forKey: key) == nil { order.append(key) }
    }

    /// Everything held, in the order the handles first changed; empties the hold.
    public mutating func takeAll() -> [Message] {
        let messages = order.compactMap { held[$0] }
        held = [:]
        order = []
        return messages
    }
}
