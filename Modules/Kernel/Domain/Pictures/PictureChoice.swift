import Synchronization

/// What this process does about pictures, from the signed-in user's
/// settings (`pictures`, `picture-cache-mib`) unless the environment
/// overrides them for the run (`FACET_PICTURES=on|off`,
/// `FACET_PICTURE_CACHE_MIB`). One per process: the composition root makes
/// it follow the account; the picture cache reads its bound from it and
/// every picture action asks it whether pictures are off, so every face
/// (TUI, web page, CLI, MCP, JSON lines, a `--connect` client) follows the
/// one setting through the snapshot's actions, with no face reading it.
///
/// Sendable and read from any thread: the cache evicts off the main actor.
public final class PictureChoice: Sendable {
    private struct State {
        var shown: Bool
        var cacheMiB: Int
    }

    private let state: Mutex<State>
    /// The environment's word for the run, which the settings do not change.
    private let shownOverride: Bool?
    private let cacheOverride: Int?

    public init(environment: [String: String] = [:]) {
        shownOverride = environment["FACET_PICTURES"].flatMap(SettingsRules.onOff)
        cacheOverride = environment["FACET_PICTURE_CACHE_MIB"].flatMap { Int($0.trimmingWhiteSpace) }.map { max(1, $0) }
        state = Mutex(State(
            shown: shownOverride ?? UserSettings.defaults.pictures,
            cacheMiB: cacheOverride ?? UserSettings.defaults.pictureCacheMiB))
    }

    /// Takes the settings as they are now (nil: nobody signed in, the
    /// defaults). Returns whether pictures were turned on or off by it, so
    /// the caller can have the open screens publish their actions again.
    @discardableResult
    public func follow(_ settings: UserSettings?) -> Bool {
        let settings = settings ?? .defaults
        return state.withLock { state in
            let shown = shownOverride ?? settings.pictures
            state.cacheMiB = cacheOverride ?? settings.pictureCacheMiB
            defer { state.shown = shown }
            return state.shown != shown
        }
    }

    public var shown: Bool { state.withLock { $0.shown } }

    /// The cache's size bound in bytes.
    public var cacheBytes: Int { state.withLock { $0.cacheMiB } << 20 }

    /// Why a picture action is unavailable now, nil while pictures are on:
    /// the words say how to turn them on, the way they were turned off.
    public var offReason: String? {
        guard !shown else { return nil }
        return shownOverride == false
            ? "Pictures are off for this run (FACET_PICTURES=off)."
            : "Pictures are off (settings: pictures); facet settings set pictures on shows them."
    }

}
