import Foundation

/// A real MPD for a test: `mpd --no-daemon` on 127.0.0.1 at a free port,
/// with every path its own (music folder, database, state, stored
/// playlists, log), so nothing system-wide is read or written, and a `pipe`
/// output appending the PCM it plays to a file, so a test can measure with
/// sox that real audio was decoded. `mpc` (pointed at it) is the peer.
public final class MPDServer: @unchecked Sendable {
    public let folder: TemporaryDirectory
    public let port: Int
    public let music: String
    public let pcm: String
    public let socketPath: String
    private var process: BoundedProcess
    private var config = ""

    public struct DidNotStart: Error, CustomStringConvertible {
        public let log: String
        public var description: String { "mpd did not start: \(log)" }
    }

    /// Starts MPD over `songs` made first in its music folder (see `makeSong`).
    /// `maxQueue`: MPD's `max_playlist_length` (its default when nil).
    public init(
        songs: [(path: String, title: String?, artist: String?, album: String?, seconds: Int, hertz: Int)] = [],
        maxQueue: Int? = nil
    ) throws {
        folder = TemporaryDirectory("mpd")
        music = folder.directory("music")
        _ = folder.directory("playlists")
        pcm = folder.path + "/out.raw"
        socketPath = folder.path + "/socket"
        for song in songs {
            try Self.makeSong(music + "/" + song.path, title: song.title, artist: song.artist, album: song.album,
                              seconds: song.seconds, hertz: song.hertz)
        }
        var lastLog = ""
        for _ in 0..<5 {
            let port = LoopbackPort.vacant()
            let config = folder.file("mpd.conf", """
                music_directory "\(music)"
                playlist_directory "\(folder.path)/playlists"
                db_file "\(folder.path)/db"
                state_file "\(folder.path)/state"
                sticker_file "\(folder.path)/sticker"
                log_file "\(folder.path)/log"
                bind_to_address "127.0.0.1"
                bind_to_address "\(socketPath)"
                port "\(port)"
                zeroconf_enabled "no"
                auto_update "no"
                \(maxQueue.map { "max_playlist_length \"\($0)\"" } ?? "")
                audio_output {
                    type "pipe"
                    name "pcm"
                    command "cat >> \(pcm)"
                    format "44100:16:2"
                    mixer_type "software"
                }
                # A pipe takes PCM as fast as it is written: this output keeps
                # playback at real time, so a song plays for its length.
                audio_output {
                    type "null"
                    name "clock"
                    sync "yes"
                }

                """)
            let child = try BoundedProcess("/usr/bin/mpd", ["--no-daemon", config], lifetime: 900)
            if Self.waitForPort(port, while: child) {
                self.port = port
                self.config = config
                process = child
                let update = mpc("update", "--wait")
                guard update.status == 0 else { throw DidNotStart(log: update.stderr) }
                return
            }
            child.kill()
            lastLog = (try? String(contentsOfFile: folder.path + "/log", encoding: .utf8)) ?? child.stderr
        }
        throw DidNotStart(log: lastLog)
    }

    deinit { stop() }

    /// Ends MPD (SIGTERM, so it saves its state; killed if it lingers).
    public func stop() {
        process.signal(SIGTERM)
        if process.finish(timeout: 10) == nil { process.kill() }
    }

    /// Stops MPD and starts it again on the same port and folders (its
    /// queue comes back from its state file): what a client must survive.
    public func restart() throws {
        stop()
        for _ in 0..<50 {
            let child = try BoundedProcess("/usr/bin/mpd", ["--no-daemon", config], lifetime: 900)
            if Self.waitForPort(port, while: child) {
                process = child
                return
            }
            child.kill()
            usleep(200_000)
        }
        throw DidNotStart(log: (try? String(contentsOfFile: folder.path + "/log", encoding: .utf8)) ?? "")
    }

    /// What Facet's environment needs to reach this MPD over TCP.
    public var environment: [String: String] { ["MPD_HOST": "127.0.0.1", "MPD_PORT": String(port)] }

    /// `mpc -h 127.0.0.1 -p PORT ARGS`, bounded.
    @discardableResult
    public func mpc(_ arguments: String..., stdin: String? = nil) -> (status: Int32?, stdout: String, stderr: String) {
        mpc(arguments, stdin: stdin)
    }

    public func mpc(_ arguments: [String], stdin: String? = nil) -> (status: Int32?, stdout: String, stderr: String) {
        var command = ["-h", "127.0.0.1", "-p", String(port)] + arguments
        if let stdin {
            let input = folder.file("mpc-stdin-\(UUID().uuidString)", stdin)
            command = ["-c", "exec /usr/bin/mpc \(command.map(shellQuoted).joined(separator: " ")) < \(shellQuoted(input))"]
            return (try? BoundedProcess.run("/bin/sh", command, timeout: 60)) ?? (nil, "", "mpc did not run")
        }
        return (try? BoundedProcess.run("/usr/bin/mpc", command, timeout: 60)) ?? (nil, "", "mpc did not run")
    }

    /// One `mpc -f FORMAT current`/`status` field, trimmed.
    public func current(_ format: String) -> String {
        mpc("-f", format, "current").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `playing`, `paused` or `stopped`, as mpc reads MPD's state.
    public func state() -> String {
        let lines = mpc("status").stdout.split(separator: "\n")
        for line in lines {
            if line.hasPrefix("[playing]") { return "playing" }
            if line.hasPrefix("[paused]") { return "paused" }
        }
        return "stopped"
    }

    /// The RMS amplitude sox measures in what MPD's output wrote so far
    /// (0 for silence or nothing).
    public func playedRMS() -> Double {
        guard let size = try? FileManager.default.attributesOfItem(atPath: pcm)[.size] as? Int, size > 4 else { return 0 }
        let result = try? BoundedProcess.run(
            "/usr/bin/sox", ["-t", "raw", "-r", "44100", "-e", "signed", "-b", "16", "-c", "2", pcm, "-n", "stat"], timeout: 60)
        guard let text = result?.stderr,
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("RMS     amplitude") }),
              let value = line.split(separator: " ").last.flatMap({ Double($0) }) else { return 0 }
        return value
    }

    /// A FLAC sine tone of `seconds` at `hertz`, tagged (Vorbis comments) by sox.
    public static func makeSong(
        _ path: String, title: String?, artist: String?, album: String?, seconds: Int, hertz: Int
    ) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        var arguments = ["-n"]
        for (key, value) in [("TITLE", title), ("ARTIST", artist), ("ALBUM", album)] {
            if let value { arguments += ["--comment", "\(key)=\(value)"] }
        }
        arguments += ["-r", "44100", "-c", "2", path, "synth", String(seconds), "sine", String(hertz)]
        let result = try BoundedProcess.run("/usr/bin/sox", arguments, timeout: 60)
        guard result.status == 0 else { throw DidNotStart(log: "sox: \(result.stderr)") }
    }

    /// Waits until MPD greets on `port`, or it has exited.
    static func waitForPort(_ port: Int, while child: BoundedProcess) -> Bool {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, child.process.isRunning {
            if LoopbackPort.accepts(port) { return true }
            usleep(50_000)
        }
        return false
    }
}
