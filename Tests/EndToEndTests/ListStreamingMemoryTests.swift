import Foundation
import Testing
import TestSupport

/// `--all` holds one page, not the list: the peak memory of printing a
/// 200,000-song playlist stays near that of printing a 7-song one. Were the
/// rows gathered before printing, the big run would carry every row as a
/// list item (hundreds of bytes each) and miss the bound by far.
@Suite struct ListStreamingMemoryTests {
    let home = TemporaryDirectory("facet-home")
    let files = TemporaryDirectory("facet-files")
    static let songs = 200_000
    /// Room for what does grow with a long run (allocator fragmentation,
    /// SQLite's page cache filling up to its own bound), far below what the
    /// rows themselves would take.
    static let allowedGrowthKB = 25_000

    /// Peak RSS in KB of `facet ARGS` and the lines it printed, stdout going
    /// through `wc -l` (nothing kept in this process).
    func peak(_ arguments: [String]) throws -> (kb: Int, lines: Int) {
        let report = files.path + "/time-\(UUID().uuidString)"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c", #"/usr/bin/time -f %M -o "$0" "$@" | wc -l"#, report, FacetProcess.binary,
        ] + arguments
        process.environment = FacetProcess.environment(home: home.path)
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = ChildDeadline(process, seconds: 300)
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        deadline.finish()
        if deadline.expired { throw deadline.failure("facet \(arguments.joined(separator: " "))", stderr: "") }
        let text = try String(contentsOfFile: report, encoding: .utf8)
        let kb = Int(text.split(separator: "\n").last.map(String.init) ?? "") ?? -1
        let lines = Int(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        return (kb, lines)
    }

    /// A playlist `big` of `songs` songs: imported with one song through
    /// facet, the rest added with sqlite3 into the same file (an import of
    /// that size through a debug build would take the test's whole budget).
    func makeBig() throws {
        let seed = files.file("one.json", #"{"result":[{"title":"Song 1","artist_name":"Artist 1","cover":""}]}"#)
        let imported = try FacetProcess.run(["playlists", "import", seed, "--name", "big"], home: home.path)
        #expect(imported.status == 0, "\(imported.stderr)")
        let sql = """
            WITH RECURSIVE n(i) AS (SELECT 2 UNION ALL SELECT i + 1 FROM n WHERE i < \(Self.songs))
            INSERT INTO song (playlist_id, position, title, artist, cover)
              SELECT p.id, i, 'Song ' || i || ' of the test', 'Artist ' || (i % 500), 'https://covers.example/' || i || '.jpg'
              FROM n, playlist p WHERE p.name = 'big';
            UPDATE playlist SET song_count = \(Self.songs) WHERE name = 'big';
            """
        let sqlite = Process()
        sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        sqlite.arguments = [home.path + "/facet.sqlite", sql]
        try sqlite.run()
        let deadline = ChildDeadline(sqlite, seconds: 120)
        sqlite.waitUntilExit()
        deadline.finish()
        #expect(sqlite.terminationStatus == 0)
    }

    @Test func allOverAPlaylistOfTwoHundredThousandSongsHoldsOnePage() throws {
        try makeBig()
        let small = try peak(["playlist", "Sample", "--all", "--jsonl"])
        #expect(small.lines == 7)
        let big = try peak(["playlist", "big", "--all", "--jsonl"])
        #expect(big.lines == Self.songs)
        #expect(small.kb > 0)
        #expect(big.kb - small.kb < Self.allowedGrowthKB, "peak RSS: \(big.kb) KB for \(Self.songs) songs, \(small.kb) KB for 7")
    }
}
