import Foundation
import KernelDomain
import KernelPresentation
import PlaylistsDomain
import PlaylistsPresentation
import ScreenKit
import TestSupport
import Testing

/// Contract 2 (see `checkTypedSnapshot`) on every playlists screen, in several states.
@MainActor
@Suite struct PlaylistTypedSnapshotTests {
    func check(_ screen: any Screen, _ descriptor: ScreenDescriptor, _ state: String) {
        checkTypedSnapshot(screen, descriptor, state)
    }

    @Test func playlistScreens() async throws {
        let store = InMemoryPlaylistStore()
        let library = PlaylistLibrary(store: store, source: StubPlaylistSource(), parsers: [])
        let list = PlaylistsViewModel(library: library)
        await list.start()
        check(list, PlaylistsViewModel.descriptor, "playlists, empty")
        _ = try await store.create(name: "Mix", source: "/m/mix.m3u", format: "m3u", songs: [
            Song(title: "A", artist: "x", cover: "https://c/a.jpg", duration: 100), Song(title: "B", artist: "y"),
        ])
        await list.reload()
        check(list, PlaylistsViewModel.descriptor, "playlists")
        let songs = PlaylistViewModel(library: library, name: "Mix")
        await songs.start()
        check(songs, PlaylistViewModel.descriptor, "playlist")
        try await songs.setFilter("nothing matches")
        check(songs, PlaylistViewModel.descriptor, "playlist, filtered empty")
        let ghost = PlaylistViewModel(library: library, name: "Ghost")
        await ghost.start()
        check(ghost, PlaylistViewModel.descriptor, "playlist, missing")
    }
}
