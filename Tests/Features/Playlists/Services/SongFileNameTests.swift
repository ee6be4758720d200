import Foundation
import KernelDomain
import PlaylistsDomain
@testable import PlaylistsServices
import TestSupport
import Testing

/// Titles from file names: a leading track number is not an artist.
@Suite struct SongFileNameTests {
    @Test(arguments: [
        ("01 - Intro.mp3", "", "Intro"),
        ("1. Intro.flac", "", "Intro"),
        ("07_Intro.ogg", "", "Intro"),
        ("12 Intro.mp3", "", "Intro"),
        ("003-Intro.mp3", "", "Intro"),
        ("01 - Queen - Bohemian Rhapsody.mp3", "Queen", "Bohemian Rhapsody"),
        ("Queen - Bohemian Rhapsody.mp3", "Queen", "Bohemian Rhapsody"),
        ("Artist - 10 Tenth.ogg", "Artist", "10 Tenth"),
        ("1999 - Prince.mp3", "1999", "Prince"),
        ("42.mp3", "", "42"),
        ("07.mp3", "", "07"),
        ("2Pac - Changes.mp3", "2Pac", "Changes"),
        ("Music/01 - Intro.mp3", "", "Intro"),
    ])
    func fileNames(_ name: String, _ artist: String, _ title: String) {
        let parsed = SongFileName.artistAndTitle(ofPath: name)
        #expect(parsed.artist == artist, "\(name)")
        #expect(parsed.title == title, "\(name)")
    }

    @Test func m3uEntriesWithoutExtinfDropTheNumberToo() throws {
        let songs = try M3USongParser().parse(.file(name: "/p/list.m3u", bytes: Array("01 - Intro.mp3\nQueen - Bohemian Rhapsody.mp3\n".utf8)))
        #expect(songs == [
            Song(title: "Intro", artist: "", location: "/p/01 - Intro.mp3"),
            Song(title: "Bohemian Rhapsody", artist: "Queen", location: "/p/Queen - Bohemian Rhapsody.mp3"),
        ])
    }
}
