import Foundation
import Testing
import TestSupport

/// kill -9 at random moments, a full disk, a read-only data directory: the
/// database stays intact, nothing is half-written, and the user is told
/// why.
@Suite(.serialized) struct StorageAttackTests {
    /// An M3U playlist of `count` songs.
    static func playlist(in dir: TemporaryDirectory, name: String, count: Int) -> String {
        var text = "#EXTM3U\n"
        text.reserveCapacity(count * 60)
        for index in 0..<count { text += "#EXTINF:100,Artist \(index) - Title number \(index)\n/music/\(index).mp3\n" }
        return dir.file(name, text)
    }

    /// Every playlist holds exactly the songs it says it has.
    static func consistent(_ database: String) throws -> Bool {
        let bad = try Attack.sqlite(database, """
            SELECT count(*) FROM playlist p
            WHERE p.song_count != (SELECT count(*) FROM song s WHERE s.playlist_id = p.id)
            """)
        return bad == "0"
    }

    /// Whether process `$1` holds SQLite's WAL write lock: a POSIX write
    /// lock on byte 120 of the `-shm` file (the first of the WAL-index lock
    /// bytes, which the one writer takes for its whole transaction), as
    /// `/proc/locks` lists it.
    static let holdsWriteLock = #"""
        holds_write_lock() { awk -v p="$1" '$2=="POSIX" && $4=="WRITE" && $5==p && $7=="120" && $8=="120" {f=1} END {exit !f}' /proc/locks; }
        """#

    /// Each trial proves its kill came while the import was writing: the
    /// import is stopped (SIGSTOP) at a moment it holds the database's write
    /// lock, the lock is read again while it is stopped, and only then is
    /// it killed. A trial whose import finished first is tried again.
    @Test func killNineDuringImportRenameAndSignInLeavesNoHalfState() async throws {
        let home = TemporaryDirectory("facet-attack-home")
        let files = TemporaryDirectory("facet-attack-files")
        let songs = Attack.long ? 200_000 : 20_000
        let list = Self.playlist(in: files, name: "big.m3u", count: songs)
        files.directory("folder-0")
        _ = try await Attack.shell(#""$FACET" playlists >/dev/null"#, home: home.path)
        let database = home.path + "/facet.sqlite"
        var step = 0
        for trial in 0..<Attack.killTrials {
            var proven = false
            var seen = ""
            for attempt in 0..<5 where !proven {
                // Stopped at the first to fourth sighting of the lock: a
                // different moment of the write each time.
                let skip = Int.random(in: 0...3) >> attempt
                // A name of its own: an attempt whose import finished first
                // must not make the next one fail at once on a taken name.
                let name = "big-\(trial)-\(attempt)"
                let script = Self.holdsWriteLock + "\n" + """
                    "$FACET" playlists import '\(list)' --name '\(name)' >/dev/null 2>&1 & IMPORT=$!
                    "$FACET" folder-rename '\(files.path)/folder-\(step)' rename 'folder-\(step + 1)' >/dev/null 2>&1 & RENAME=$!
                    "$FACET" login sign-in --first-name Ada\(trial) --last-name Lovelace >/dev/null 2>&1 & SIGNIN=$!
                    SKIP=\(skip)
                    for i in $(seq 1 20000); do  # a deadline, should the import hang
                      kill -0 $IMPORT 2>/dev/null || break
                      if holds_write_lock $IMPORT; then
                        if [ $SKIP -eq 0 ]; then kill -STOP $IMPORT; break; fi
                        SKIP=$((SKIP - 1))
                      fi
                    done
                    holds_write_lock $IMPORT && echo "in-flight"
                    kill -9 $IMPORT $RENAME $SIGNIN 2>/dev/null
                    wait
                    true
                    """
                let result = try await Attack.shell(script, home: home.path)
                proven = result.out.contains("in-flight")
                seen += result.out + result.stderr
                step += 1
                #expect(try Attack.sqlite(database, "PRAGMA integrity_check") == "ok", "trial \(trial)")
                #expect(try Self.consistent(database), "trial \(trial): a playlist with missing songs")
                let big = try Attack.sqlite(database, "SELECT song_count FROM playlist WHERE source LIKE '%big.m3u'")
                #expect(big.isEmpty || big.split(separator: "\n").allSatisfy { $0 == "\(songs)" }, "trial \(trial): \(big)")
                // Every import so far was killed inside its write: none committed.
                if proven {
                    let this = try Attack.sqlite(database, "SELECT count(*) FROM playlist WHERE name = '\(name)'")
                    #expect(this == "0", "trial \(trial): killed while writing, yet committed")
                }
                // Every session belongs to a profile.
                #expect(try Attack.sqlite(database, "SELECT count(*) FROM session WHERE profile_id NOT IN (SELECT id FROM profile)") == "0")
                // The folder is under exactly one of its two names.
                let names = try FileManager.default.contentsOfDirectory(atPath: files.path).filter { $0.hasPrefix("folder-") }
                #expect(names.count == 1, "trial \(trial): \(names)")
                if let name = names.first, name != "folder-\(step)" {
                    try FileManager.default.moveItem(atPath: files.path + "/" + name, toPath: files.path + "/folder-\(step)")
                }
            }
            #expect(proven, "trial \(trial): no attempt caught the import inside its write: \(seen)")
        }
        // And it still works afterwards.
        let after = try await Attack.shell(#""$FACET" playlists"#, home: home.path)
        #expect(after.status == 0, "\(after.stderr)")
    }

    /// A 2 MB tmpfs in a mount namespace of the test's own (`unshare -rm`
    /// works for root and for an ordinary user alike, so both run the same
    /// assertions); every check runs inside it, where the mount is seen.
    @Test func aFullDiskFailsTheImportCleanly() async throws {
        let files = TemporaryDirectory("facet-attack-files")
        let mountPoint = files.directory("mnt")
        let list = Self.playlist(in: files, name: "huge.m3u", count: 60_000)
        let script = #"""
            unshare -rm bash -c '
              mount -t tmpfs -o size=2m tmpfs "$MNT" || { echo "mount-failed"; exit 0; }
              export FACET_HOME="$MNT/home"
              "$FACET" playlists >/dev/null
              "$FACET" playlists import "$LIST" 2>"$ERR"; echo "import $?"
              db="$FACET_HOME/facet.sqlite"
              echo "integrity $(sqlite3 "$db" "PRAGMA integrity_check")"
              echo "inconsistent $(sqlite3 "$db" "SELECT count(*) FROM playlist p WHERE p.song_count != (SELECT count(*) FROM song s WHERE s.playlist_id = p.id)")"
              echo "huge $(sqlite3 "$db" "SELECT count(*) FROM playlist WHERE source LIKE '"'"'%huge.m3u'"'"'")"
              "$FACET" playlists >/dev/null 2>&1; echo "after $?"
            '
            """#
        let errors = files.path + "/import.stderr"
        let result = try await Attack.shell(
            script, home: files.path, environment: ["MNT": mountPoint, "LIST": list, "ERR": errors])
        let facts = Dictionary(result.out.split(separator: "\n").map { line -> (String, String) in
            let parts = line.split(separator: " ", maxSplits: 1)
            return (String(parts.first ?? ""), parts.count > 1 ? String(parts[1]) : "")
        }, uniquingKeysWith: { first, _ in first })
        #expect(facts["mount-failed"] == nil, "could not mount a tmpfs in a namespace of our own: \(result.stderr)")
        let stderr = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
        #expect(facts["import"] == "1", "\(result.out) \(stderr)")
        #expect(!Attack.crashed(stderr), "\(stderr)")
        #expect(stderr.localizedCaseInsensitiveContains("full"), "\(stderr)")
        #expect(facts["integrity"] == "ok")
        #expect(facts["inconsistent"] == "0")
        #expect(facts["huge"] == "0")
        #expect(facts["after"] == "0", "\(result.out)")
    }

    @Test func aReadOnlyDataDirectoryStillReadsAndRefusesWritesClearly() async throws {
        let files = TemporaryDirectory("facet-attack-files")
        let list = Self.playlist(in: files, name: "small.m3u", count: 3)
        let mount = Attack.Mount(megabytes: 4)
        let fallback = TemporaryDirectory("facet-attack-home")
        let home = (mount?.path ?? fallback.path) + "/home"
        #expect(try await Attack.shell(#""$FACET" playlists >/dev/null"#, home: home).status == 0)
        // Also without the WAL's -shm file (after a clean checkpoint).
        _ = try Attack.sqlite(home + "/facet.sqlite", "PRAGMA wal_checkpoint(TRUNCATE)")
        if let mount {
            #expect(try mount.remountReadOnly())
        } else {
            // Not root: permissions are enough to make it read-only.
            chmod(home, 0o555)
        }
        defer { chmod(home, 0o755) }
        let read = try await Attack.shell(#""$FACET" playlists"#, home: home)
        #expect(read.status == 0, "\(read.stderr)")
        #expect(read.out.contains("Sample"))
        let write = try await Attack.shell(#""$FACET" playlists import "$LIST""#, home: home, environment: ["LIST": list])
        #expect(write.status == 1)
        #expect(write.stderr.contains("read-only"), "\(write.stderr)")
        #expect(!Attack.crashed(write.stderr))
    }
}
