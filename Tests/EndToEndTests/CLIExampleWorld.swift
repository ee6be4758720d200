import Foundation
import TestSupport

/// A small, complete user world in which documented commands run as
/// written: its own `FACET_HOME`, a `HOME` (`~`), a working directory, and
/// a stand-in for `/srv`. Help and README examples are run in one of these.
///
/// In the working directory: `road.m3u` (3 songs), `music/` (audio files),
/// `photos/2023`, `photos/2024`. In `~`: `Music/trip.m3u` (120 songs, 60 of
/// them by Queen, so a filtered second page exists), `photos/` and `src/`
/// (with `.git` and `node_modules` to exclude). In `/srv`: `photos/`, `old/`,
/// `tmp/`. Example paths under `/srv` are run under the world's own `srv/` folder (tests
/// never write outside their temporary folders); nothing else is rewritten.
final class CLIExampleWorld: @unchecked Sendable {
    let root = TemporaryDirectory("facet-world")
    var facetHome: String { root.path + "/facet" }
    var home: String { root.path + "/home" }
    var work: String { root.path + "/work" }
    var srv: String { root.path + "/srv" }

    init() {
        root.file("work/road.m3u", "#EXTM3U\n#EXTINF:354,Queen - Bohemian Rhapsody\na.mp3\n#EXTINF:215,ABBA - Waterloo\nb.mp3\n#EXTINF:-1,Toto - Africa\nc.mp3\n")
        root.file("work/music/01 Intro.mp3", "ID3")
        root.file("work/music/02 Theme.flac", "fLaC")
        root.file("work/photos/2024/beach.jpg", bytes: [UInt8](repeating: 7, count: 30_000))
        root.file("work/photos/2023/snow.jpg", bytes: [UInt8](repeating: 8, count: 10_000))
        let songs = (1...120).map { index in
            let artist = index.isMultiple(of: 2) ? "Queen" : "Artist \(index)"
            return "#EXTINF:\(100 + index),\(artist) - Song \(index)\nsong\(index).mp3"
        }
        root.file("home/Music/trip.m3u", "#EXTM3U\n" + songs.joined(separator: "\n") + "\n")
        root.file("home/photos/2024/a.jpg", "a")
        root.file("srv/photos/cat.jpg", bytes: [UInt8](repeating: 9, count: 4_000))
        root.file("srv/old/a.log", "old")
        root.file("srv/tmp/b.log", "tmp")
        root.file("home/src/main.swift", "print(1)")
        root.file("home/src/.git/HEAD", "ref: refs/heads/main")
        root.file("home/src/node_modules/x/index.js", "x")
        root.directory("facet")
        root.directory("run")
    }

    /// The world's own runtime directory, so `facet serve`'s default
    /// socket is the world's and not the user's.
    var runtime: String { root.path + "/run" }
    var environment: [String: String] { ["HOME": home, "XDG_RUNTIME_DIR": runtime] }

    /// Commands documented with a trailing `&` (`facet serve &`), still
    /// running; stopped (SIGTERM) with the world.
    private var background: [(process: Process, lifetime: ChildDeadline)] = []

    deinit {
        for (process, lifetime) in background {
            if process.isRunning {
                process.terminate()
                process.waitUntilExit()
            }
            lifetime.finish()
        }
    }

    /// Runs `facet` with these words (already split) in the working directory.
    func facet(_ words: [String], stdin: String? = nil) throws -> FacetProcess.Result {
        try FacetProcess.run(
            words, home: facetHome, environment: environment, stdin: stdin, currentDirectory: work)
    }

    /// Starts `facet` with these words and leaves it running, as a shell
    /// does for `command &`; returns once it printed its first line on
    /// stderr (`facet serve` says where it serves) or exited.
    func startInBackground(_ words: [String]) throws -> FacetProcess.Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: FacetProcess.binary)
        process.arguments = words
        process.environment = FacetProcess.environment(home: facetHome, extra: environment)
        process.currentDirectoryURL = URL(fileURLWithPath: work)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        background.append((process, ChildDeadline(process, seconds: ChildLifetime.longest)))
        var said = Data()
        while process.isRunning, !said.contains(UInt8(ascii: "\n")) {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            said += chunk
        }
        let status: Int32 = process.isRunning ? 0 : process.terminationStatus
        return FacetProcess.Result(status: status, stdout: "", stderr: String(decoding: said, as: UTF8.self))
    }

    /// Runs one documented command line: `facet …` as a shell would split
    /// it (quotes, `~`, a trailing `# comment`), with `/srv` mapped.
    func run(_ line: String) throws -> FacetProcess.Result {
        // `facet serve &`: a trailing `&` (before any comment) runs it in the background.
        let code = line.split(separator: "#", maxSplits: 1).first.map(String.init) ?? line
        let trimmed = code.trimmingCharacters(in: .whitespaces)
        if trimmed.hasSuffix("&"), !trimmed.hasSuffix("&&") {
            var words = try ShellWords.split(String(trimmed.dropLast()), home: home)
            guard words.first == "facet" else { throw ShellWords.Problem.notFacet(line) }
            words.removeFirst()
            return try startInBackground(words)
        }
        var words = try ShellWords.split(line, home: home)
        guard words.first == "facet" else { throw ShellWords.Problem.notFacet(line) }
        words.removeFirst()
        words = try words.map { word in
            if word == "/srv" || word.hasPrefix("/srv/") { return srv + String(word.dropFirst(4)) }
            // GitHub itself is out of reach: its API is the loopback stand-in,
            // whose user `octo` has the stars and whose token `good` may star.
            if word == "https://api.github.com" { return try github().baseURL }
            if word == "octocat" { return "octo" }
            // So is JSONPlaceholder: its stand-in serves the same 5,000 photos.
            if word == "https://jsonplaceholder.typicode.com" { return try photos().baseURL() }
            if word.hasPrefix("ghp_") { return "good" }
            return word
        }
        return try facet(words)
    }

    private var githubServer: FixtureServer?
    private var mpd: MPDServer?

    /// A real MPD of the world's own, with songs queued and a stored
    /// playlist "Favourites", named in the signed-in user's settings: the
    /// player's examples drive it as the help shows them.
    func useMPD() throws {
        let server = try MPDServer(songs: (1...4).map { ("song\($0).flac", "Song \($0)", "Band", "Album", 120, 220 + 110 * $0) })
        mpd = server
        _ = server.mpc("update", "--wait")
        _ = server.mpc("add", "/")
        _ = server.mpc("save", "Favourites")
        let result = try facet(["settings", "set-field", "mpd-host", "127.0.0.1", "set-field", "mpd-port", String(server.port)])
        guard result.status == 0 else { throw ShellWords.Problem.setup(result.stderr) }
    }

    /// The GitHub stand-in (`Tools/fixtures/github_fixture.py`), started on
    /// first use and stopped with the world.
    func github() throws -> FixtureServer {
        if let githubServer { return githubServer }
        let server = try FixtureServer()
        githubServer = server
        return server
    }

    private var photosServer: PhotosFixtureServer?

    /// The JSONPlaceholder stand-in (`Tools/fixtures/photos_fixture.py`).
    func photos() throws -> PhotosFixtureServer {
        if let photosServer { return photosServer }
        let server = try PhotosFixtureServer()
        photosServer = server
        return server
    }

    /// The signed-in user's photos API is the stand-in.
    func usePhotosStandIn() throws {
        let result = try facet(["settings", "set-field", "photos-base-url", try photos().baseURL()])
        guard result.status == 0 else { throw ShellWords.Problem.setup(result.stderr) }
        let list = try facet(["photos"])
        guard list.status == 0 else { throw ShellWords.Problem.setup(list.stderr) }
    }

    /// The signed-in user's GitHub settings point at the stand-in, as a
    /// user's point at GitHub (user `octo`, who has the stars).
    func useGitHubStandIn() throws {
        let result = try facet([
            "settings", "set-field", "github-base-url", try github().baseURL, "set-field", "github-user", "octo",
        ])
        guard result.status == 0 else { throw ShellWords.Problem.setup(result.stderr) }
        // The first `facet stars` fills the cache the other screens read.
        let stars = try facet(["stars"])
        guard stars.status == 0 else { throw ShellWords.Problem.setup(stars.stderr) }
    }

    /// A signed-in user, as most settings examples assume.
    func signIn() throws {
        let result = try facet(["login", "sign-in", "--first-name", "Ada", "--last-name", "Lovelace"])
        guard result.status == 0 else { throw ShellWords.Problem.setup(result.stderr) }
    }
}

/// POSIX-shell word splitting, enough for documentation: single and double
/// quotes, backslash escapes, `~` at the start of a word, `#` comments.
/// Anything it cannot run faithfully (pipes, variables, globs) is an error,
/// so an example is never silently run as something else.
enum ShellWords {
    enum Problem: Error, CustomStringConvertible {
        case unsupported(String, Character)
        case unterminated(String)
        case notFacet(String)
        case setup(String)

        var description: String {
            switch self {
            case .unsupported(let line, let character): "cannot run '\(character)' in: \(line)"
            case .unterminated(let line): "unterminated quote in: \(line)"
            case .notFacet(let line): "not a facet command: \(line)"
            case .setup(let message): "fixture setup failed: \(message)"
            }
        }
    }

    static func split(_ line: String, home: String) throws -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var characters = Array(line)[...]
        while let character = characters.popFirst() {
            switch character {
            case " ", "\t":
                if inWord { words.append(current) }
                current = ""
                inWord = false
            case "#" where !inWord:
                characters.removeAll()
            case "'":
                inWord = true
                guard let end = characters.firstIndex(of: "'") else { throw Problem.unterminated(line) }
                current += String(characters[..<end])
                characters = characters[(end + 1)...]
            case "\"":
                inWord = true
                var closed = false
                while let next = characters.popFirst() {
                    if next == "\"" { closed = true; break }
                    if next == "\\", let escaped = characters.first, "\"\\$`".contains(escaped) {
                        current.append(characters.removeFirst())
                    } else if "$`".contains(next) {
                        throw Problem.unsupported(line, next)
                    } else {
                        current.append(next)
                    }
                }
                if !closed { throw Problem.unterminated(line) }
            case "\\":
                inWord = true
                if let next = characters.popFirst() { current.append(next) }
            case "~" where !inWord && (characters.first == nil || characters.first == "/" || characters.first == " "):
                inWord = true
                current += home
            case "|", "&", ";", "<", ">", "$", "`", "*", "?", "(", ")":
                throw Problem.unsupported(line, character)
            default:
                inWord = true
                current.append(character)
            }
        }
        if inWord { words.append(current) }
        return words
    }
}
