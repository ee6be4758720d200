import Foundation
import TestSupport

/// A real MPD with three tagged tones in its music folder (one outside it,
/// for file:// and refusal cases) and a Facet home pointed at it.
final class PlayerWorld: @unchecked Sendable {
    let home = TemporaryDirectory("facet-home")
    let outside = TemporaryDirectory("outside-music")
    let mpd: MPDServer

    static let songs: [(path: String, title: String?, artist: String?, album: String?, seconds: Int, hertz: Int)] = [
        ("a/one.flac", "Tone One", "Sine Band", "Waves", 30, 440),
        ("a/two.flac", "Tone Two", "Sine Band", "Waves", 30, 550),
        ("b/drei é.flac", "Drei", "Sägezahn", nil, 30, 660),
    ]

    init() throws {
        mpd = try MPDServer(songs: Self.songs)
    }

    /// Facet with MPD over TCP (and its music folder known, as a setting would say).
    var environment: [String: String] { mpd.environment.merging(["MPD_MUSIC_DIRECTORY": mpd.music]) { $1 } }

    func facet(_ arguments: String..., environment extra: [String: String]? = nil) throws -> FacetProcess.Result {
        try FacetProcess.run(arguments, home: home.path, environment: extra ?? environment, timeout: 60)
    }

    /// Waits until `condition` holds, for up to `seconds`.
    func eventually(_ seconds: TimeInterval = 20, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(50_000)
        }
        return condition()
    }

    func json(_ text: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
    }

    func detail(_ snapshot: [String: Any], _ id: String) -> Any? {
        let rows = ((snapshot["content"] as? [String: Any])?["detail"] as? [String: Any])?["rows"] as? [[String: Any]] ?? []
        return rows.first { $0["id"] as? String == id }?["data"]
    }
}
