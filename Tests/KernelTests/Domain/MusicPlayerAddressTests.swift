import KernelDomain
import Testing

/// Where MPD is, read as mpc reads MPD_HOST and MPD_PORT.
@Suite struct MusicPlayerAddressTests {
    @Test func nothingSaidIsLocalhost6600() throws {
        let address = try MusicPlayerAddress.resolve(host: nil, port: nil)
        #expect(address == MusicPlayerAddress(endpoint: .tcp(host: "localhost", port: 6600)))
        #expect(address.description == "localhost:6600")
    }

    @Test func aPasswordComesBeforeTheHostAndIsNeverShown() throws {
        let address = try MusicPlayerAddress.resolve(host: "s3cret@music.local", port: "6601")
        #expect(address == MusicPlayerAddress(endpoint: .tcp(host: "music.local", port: 6601), password: "s3cret"))
        #expect(!address.description.contains("s3cret"))
    }

    @Test func aPathIsALocalSocketWithOrWithoutAPassword() throws {
        #expect(try MusicPlayerAddress.resolve(host: "/run/mpd/socket", port: "7000")
            == MusicPlayerAddress(endpoint: .unix(path: "/run/mpd/socket")))
        let withPassword = try MusicPlayerAddress.resolve(host: "pw@/run/mpd/socket", port: nil)
        #expect(withPassword == MusicPlayerAddress(endpoint: .unix(path: "/run/mpd/socket"), password: "pw"))
        #expect(withPassword.isLocalSocket)
    }

    @Test(arguments: ["http", "0", "65536", "-1", "123456"])
    func aPortThatIsNoPortIsRefusedByName(port: String) {
        #expect(throws: MusicPlayerError.self) { try MusicPlayerAddress.resolve(host: nil, port: port) }
    }

    @Test func refusedSongsAreNamedFirstFewThenCounted() {
        let report = EnqueueReport(added: 2, refused: (1...5).map { ("Song \($0)", "No such file") })
        #expect(report.refusedSummary
            == "5 songs could not be queued: “Song 1” (No such file), “Song 2” (No such file), “Song 3” (No such file) and 2 more.")
        #expect(EnqueueReport(added: 3).refusedSummary == nil)
    }
}
