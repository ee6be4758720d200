import Foundation
import Testing
import TestSupport

/// `facet playlist NAME play|enqueue|save-to-mpd` against a real MPD: the
/// songs in MPD's music folder go as its relative URIs, others as file://
/// URIs on the local socket, and a song MPD cannot have is named, not fatal.
@Suite(.serialized) struct PlaylistPlaysOnMPDTests {
    /// A playlist of MPD's three songs plus one outside its folder and one
    /// that does not exist, as an M3U file Facet imports.
    func importMixed(_ world: PlayerWorld) throws -> String {
        try MPDServer.makeSong(world.outside.path + "/away.flac", title: "Away", artist: "Elsewhere", album: nil, seconds: 30, hertz: 330)
        let lines = PlayerWorld.songs.map { "#EXTINF:30,\($0.artist ?? "") - \($0.title ?? "")\n\(world.mpd.music)/\($0.path)" }
            + ["#EXTINF:30,Elsewhere - Away\n\(world.outside.path)/away.flac", "#EXTINF:30,Nobody - Ghost\n\(world.mpd.music)/ghost.flac"]
        let file = world.outside.file("Mixed.m3u", "#EXTM3U\n" + lines.joined(separator: "\n") + "\n")
        let imported = try world.facet("playlists", "import", file)
        #expect(imported.status == 0, "\(imported.stderr)")
        return "Mixed"
    }

    @Test func playReplacesTheQueueAndStartsAtThePositionOverTCP() throws {
        let world = try PlayerWorld()
        world.mpd.mpc("add", "a/two.flac")
        let name = try importMixed(world)
        let played = try world.facet("playlist", name, "play", "2")
        #expect(played.status == 0, "\(played.stderr)")
        // Over TCP MPD takes only its own folder's songs: the others are named with why.
        #expect(played.stderr.contains("Playing 3 songs of \"Mixed\""), "\(played.stderr)")
        #expect(played.stderr.contains("“Away”") && played.stderr.contains("“Ghost”"), "\(played.stderr)")
        #expect(world.mpd.mpc("-f", "%file%", "playlist").stdout == "a/one.flac\na/two.flac\nb/drei é.flac\n")
        #expect(world.mpd.state() == "playing")
        #expect(world.mpd.current("%title%") == "Tone Two")
        #expect(world.eventually { world.mpd.playedRMS() > 0.1 })

        let queued = try world.facet("playlist", name, "enqueue")
        #expect(queued.status == 0, "\(queued.stderr)")
        #expect(world.mpd.mpc("playlist").stdout.split(separator: "\n").count == 6)
    }

    @Test func onTheLocalSocketSongsOutsideTheMusicFolderGoAsFileURIs() throws {
        let world = try PlayerWorld()
        let name = try importMixed(world)
        // No music folder given: Facet asks MPD (`config`, local socket only).
        let env = ["MPD_HOST": world.mpd.socketPath]
        let played = try world.facet("playlist", name, "play", "4", environment: env)
        #expect(played.status == 0, "\(played.stderr)")
        #expect(played.stderr.contains("Playing 4 songs"), "\(played.stderr)")
        #expect(played.stderr.contains("“Ghost”") && !played.stderr.contains("“Away”"), "\(played.stderr)")
        let files = world.mpd.mpc("-f", "%file%", "playlist").stdout.split(separator: "\n")
        #expect(files.first == "a/one.flac")
        // Sent as a file:// URI (MPD lists it by its path): not relative, so not in its folder.
        #expect(files.last.map(String.init) == world.outside.path + "/away.flac", "\(files)")
        #expect(world.mpd.current("%title%") == "Away")
        #expect(world.eventually { world.mpd.playedRMS() > 0.1 })
    }

    @Test func savedToMPDAndImportedBack() throws {
        let world = try PlayerWorld()
        let name = try importMixed(world)
        let saved = try world.facet("playlist", name, "save-to-mpd", "Keep", "--yes")
        #expect(saved.status == 0, "\(saved.stderr)")
        #expect(world.mpd.mpc("lsplaylists").stdout == "Keep\n")
        #expect(world.mpd.mpc("playlist", "Keep").stdout.split(separator: "\n").count == 3)
        let again = try world.facet("playlist", name, "save-to-mpd", "Keep", "--yes")
        #expect(again.status == 0)
        #expect(world.mpd.mpc("playlist", "Keep").stdout.split(separator: "\n").count == 3, "replaced, not appended")

        // mpc saves the queue as a stored playlist; Facet lists it and imports it.
        world.mpd.mpc("add", "b/drei é.flac", "a/one.flac")
        #expect(world.mpd.mpc("save", "From mpc").status == 0)
        let listed = try world.facet("mpd-playlists", "--json")
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains("\"From mpc\"") && listed.stdout.contains("\"Keep\""), "\(listed.stdout)")
        let imported = try world.facet("mpd-playlists", "import", "From mpc", "--name", "Back")
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stderr.contains("Imported 2 songs from MPD's \"From mpc\" into \"Back\"."), "\(imported.stderr)")
        let back = try world.facet("playlist", "Back")
        #expect(back.stdout.contains("Drei") && back.stdout.contains("Sägezahn") && back.stdout.contains("a/one.flac"), "\(back.stdout)")
        // Played back from Facet, the imported songs are MPD's own again.
        #expect(try world.facet("playlist", "Back", "play").status == 0)
        #expect(world.mpd.mpc("-f", "%file%", "playlist").stdout == "b/drei é.flac\na/one.flac\n")
        let missing = try world.facet("mpd-playlists", "import", "Nope")
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("MPD has no stored playlist named \"Nope\""), "\(missing.stderr)")
    }

    @Test func tenThousandSongsGoInOneCommandList() throws {
        let world = try PlayerWorld()
        let lines = (0..<10_000).map { "#EXTINF:30,Sine Band - Tone \($0)\n\(world.mpd.music)/\(PlayerWorld.songs[$0 % 3].path)" }
        let file = world.outside.file("Big.m3u", "#EXTM3U\n" + lines.joined(separator: "\n") + "\n")
        #expect(try world.facet("playlists", "import", file).status == 0)
        let played = try world.facet("playlist", "Big", "play")
        #expect(played.status == 0, "\(played.stderr)")
        #expect(played.stderr.contains("Playing 10,000 songs"), "\(played.stderr)")
        #expect(world.mpd.mpc("playlist").stdout.split(separator: "\n").count == 10_000)
        let page = world.json(try world.facet("player", "--json").stdout)
        #expect(world.detail(page, "queue") as? Int == 10_000)
    }
}
