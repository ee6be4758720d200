import KernelDomain
import KernelPresentation
import ScreenKit

/// The player's actions, each declared once, on cmus's keys where the
/// screen contract leaves them free: x play, c pause, v stop, b next,
/// z previous (V sets the volume).
extension PlayerViewModel {
    static let positionParam = ParamDescriptor(
        name: StandardParam.item, label: "Queue position", kind: .item, required: false, positional: true)

    public static let playAction = ScreenAction<PlayerViewModel>(
        "play", key: "x", label: "Play", summary: "Play from a queue position, or resume.",
        effect: .changes, reachesNetwork: true, params: [positionParam], unavailable: { $0.unreachable ?? $0.emptyQueue }
    ) { model, arguments throws(ScreenError) in
        let position = try positionArgument(arguments)
        try await model.command(nil) { try await $0.play(position: position) }
        return .done
    }
    public static let pauseAction = ScreenAction<PlayerViewModel>(
        "pause", key: "c", label: "Pause", summary: "Pause what plays, or resume what is paused.", effect: .changes,
        reachesNetwork: true,
        unavailable: { $0.unreachable ?? ($0.state?.playback == .stopped ? "Nothing is playing" : nil) }
    ) { model, _ throws(ScreenError) in
        let pausing = model.state?.playback == .playing
        try await model.command(nil) { try await $0.pause(pausing) }
        return .done
    }
    public static let stopAction = simple("stop", key: "v", label: "Stop", summary: "Stop playing.") { try await $0.stop() }
    public static let nextAction = simple("next", key: "b", label: "Next", summary: "Play the next song of the queue.") {
        try await $0.next()
    }
    public static let previousAction = simple(
        "previous", key: "z", label: "Previous", summary: "Play the previous song of the queue."
    ) { try await $0.previous() }
    public static let seekAction = ScreenAction<PlayerViewModel>(
        "seek", label: "Seek", summary: "Go to a time in the current song.", effect: .changes,
        reachesNetwork: true,
        params: [ParamDescriptor(name: "seconds", label: "Seconds from the start", kind: .int, positional: true, minimum: 0)],
        unavailable: { $0.unreachable ?? ($0.state?.playback == .stopped ? "Nothing is playing" : nil) }
    ) { model, arguments throws(ScreenError) in
        let seconds = try arguments.requireInt("seconds")
        try await model.command(nil) { try await $0.seek(to: Double(seconds)) }
        return .done
    }
    public static let volumeAction = ScreenAction<PlayerViewModel>(
        "volume", key: "V", label: "Volume", summary: "Set the volume (0–100).", effect: .changes, reachesNetwork: true,
        params: [ParamDescriptor(name: "level", label: "Volume (0–100)", kind: .int, positional: true, minimum: 0, maximum: 100)],
        unavailable: { $0.unreachable ?? $0.noMixer }
    ) { model, arguments throws(ScreenError) in
        let level = try arguments.requireInt("level")
        try await model.command(nil) { try await $0.setVolume(level) }
        return .done
    }
    public static let clearAction = ScreenAction<PlayerViewModel>(
        "clear", key: "C", label: "Clear queue",
        summary: "Empty MPD's queue (stored playlists stay).", effect: .changes,
        reachesNetwork: true, unavailable: { $0.unreachable ?? $0.emptyQueue }
    ) { model, _ throws(ScreenError) in
        try await model.command("Cleared the queue.") { try await $0.clear() }
        return .done
    }
    public static let loadMoreAction = ScreenAction<PlayerViewModel>(
        StandardAction.loadMore, key: "m", label: "Load more", summary: "Append the next page of the queue.", effect: .view,
        reachesNetwork: true, unavailable: { $0.unreachable ?? ($0.hasMore ? nil : "Already at the end of the queue") }
    ) { model, _ throws(ScreenError) in
        try await model.loadMore()
        return .done
    }
    public static let loadPreviousAction = ScreenAction<PlayerViewModel>(
        StandardAction.loadPrevious, label: "Load previous", summary: "Prepend the page before the first one shown.",
        effect: .view, reachesNetwork: true, unavailable: { $0.unreachable ?? ($0.offset > 0 ? nil : "Already at the top of the queue") }
    ) { model, _ throws(ScreenError) in
        try await model.loadPrevious()
        return .done
    }
    public static let scrollToAction = ScreenAction<PlayerViewModel>.scrollTo(
        unavailable: { $0.unreachable }
    ) { model, offset throws(ScreenError) in try await model.scroll(to: offset) }
    public static let reloadAction = ScreenAction<PlayerViewModel>(
        StandardAction.reload, key: "r", label: "Reload", summary: "Ask MPD again (reconnecting if needed).", effect: .view,
        reachesNetwork: true
    ) { model, _ throws(ScreenError) in
        try await model.reloadOrThrow()
        return .done
    }

    public static let actions = [
        playAction, pauseAction, stopAction, nextAction, previousAction, seekAction, volumeAction, clearAction, loadMoreAction, loadPreviousAction, scrollToAction, reloadAction,
    ]

    var hasMore: Bool { pages.window.hasMore }
    var offset: Int { pages.window.offset }
    var noMixer: String? { state?.volume == nil ? "MPD has no volume control for its output" : nil }

    private static func simple(
        _ name: String, key: String, label: String, summary: String,
        _ body: @escaping @Sendable (any MusicPlayer) async throws -> Void
    ) -> ScreenAction<PlayerViewModel> {
        ScreenAction(
            name, key: key, label: label, summary: summary, effect: .changes, reachesNetwork: true,
            unavailable: { $0.unreachable }
        ) { model, _ throws(ScreenError) in
            try await model.command(nil, body)
            return .done
        }
    }


    static func positionArgument(_ arguments: ActionArguments) throws(ScreenError) -> Int? {
        guard let raw = arguments.int(StandardParam.item) ?? arguments.string(StandardParam.item).flatMap({ Int($0) })
        else {
            if arguments.string(StandardParam.item).map({ !$0.isEmpty }) ?? false {
                throw .invalidParams("'item' must be a queue position (a whole number)", code: "player.invalid_position")
            }
            return nil
        }
        guard raw >= 1 else { throw .invalidParams("'item' must be a queue position from 1", code: "player.invalid_position") }
        return raw
    }
}
