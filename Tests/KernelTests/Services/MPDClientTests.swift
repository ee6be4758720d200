import Foundation
import KernelDomain
import KernelServices
import Testing
import TestSupport

/// The MPD client against a real MPD: a command list that MPD stops at a
/// refused song resumes after it, the queue pages, and a cancelled `idle`
/// ends at once without touching the command connection (the live
/// updates themselves are tested through the faces).
@Suite(.serialized) struct MPDClientTests {
    let mpd: MPDServer

    init() throws {
        mpd = try MPDServer(songs: [
            ("one.flac", "One", "Band", "Album", 20, 440), ("two.flac", "Two", "Band", nil, 20, 550),
        ])
    }

    func client(musicDirectory: String? = nil) throws -> MPDClient {
        MPDClient(try MusicPlayerAddress.resolve(host: "127.0.0.1", port: String(mpd.port)), musicDirectory: musicDirectory)
    }

    @Test func refusedSongsInTheMiddleAreNamedAndTheRestStillGoIn() async throws {
        let player = try client(musicDirectory: mpd.music)
        let songs = [
            SongReference(location: mpd.music + "/one.flac", name: "One"),
            SongReference(location: mpd.music + "/missing.flac", name: "Missing"),
            SongReference(location: nil, name: "Nowhere"),
            SongReference(location: "/elsewhere/three.flac", name: "Elsewhere"),
            SongReference(location: mpd.music + "/two.flac", name: "Two"),
        ]
        let report = try await player.enqueue(songs, replacing: true)
        #expect(report.added == 2)
        #expect(Set(report.refused.map(\.name)) == ["Missing", "Nowhere", "Elsewhere"])
        #expect(mpd.mpc("-f", "%file%", "playlist").stdout == "one.flac\ntwo.flac\n")
        let page = try await player.queue(offset: 1, limit: 5)
        #expect(page.total == 2)
        #expect(page.songs.map(\.position) == [2])
        #expect(page.songs.first?.title == "Two")
    }

    @Test func aFullQueueRefusesTheRestInOneAnswer() async throws {
        let small = try MPDServer(songs: [("one.flac", "One", nil, nil, 5, 440)], maxQueue: 3)
        let player = MPDClient(try MusicPlayerAddress.resolve(host: "127.0.0.1", port: String(small.port)), musicDirectory: small.music)
        let songs = (1...2_000).map { SongReference(location: small.music + "/one.flac", name: "Song \($0)") }
        let report = try await player.enqueue(songs, replacing: true)
        #expect(report.added == 3)
        #expect(report.refused.count == 1_997)
        // One refusal for all, MPD's own reason on each song (how soon is the
        // benchmarks' business: a time bound fails on a loaded machine).
        #expect(report.refused.allSatisfy { $0.reason.contains("queue is full") }, "\(report.refused.first?.reason ?? "")")
    }

    @Test func aCancelledIdleEndsPromptly() async throws {
        let player = try client()
        let waiting = Task { try await player.waitForChange() }
        let started = Date()
        waiting.cancel()
        _ = try? await waiting.value
        // An idle nobody cancels waits until MPD changes, which here is never:
        // ending at all is the check (how soon is the benchmarks' business).
        #expect(Date().timeIntervalSince(started) < 60)
        // The command connection is unaffected.
        #expect(try await player.status().playback == .stopped)
    }
}
