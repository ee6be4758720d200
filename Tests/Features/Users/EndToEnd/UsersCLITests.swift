import Foundation
import Testing
import TestSupport

/// Login, account and settings through the built `facet` binary: one
/// process per command, sharing a `FACET_HOME` like a person's shell does.
@Suite struct UsersCLITests {
    let home = TemporaryDirectory("facet-home")

    func facet(_ arguments: String..., environment: [String: String] = [:], stdin: String? = nil) throws -> FacetProcess.Result {
        try FacetProcess.run(arguments, home: home.path, environment: environment, stdin: stdin)
    }

    /// The `facet_…` token printed by a sign-in.
    static func token(in text: String) -> String? {
        guard let range = text.range(of: #"facet_[0-9a-f]{64}"#, options: .regularExpression) else { return nil }
        return String(text[range])
    }

    /// Every file of the database (main file, WAL, shared memory) as bytes.
    func databaseBytes() throws -> [Data] {
        try FileManager.default.contentsOfDirectory(atPath: home.path)
            .filter { $0.hasPrefix("facet.sqlite") }
            .map { try Data(contentsOf: URL(fileURLWithPath: home.path + "/" + $0)) }
    }

    /// No command takes the session's token, so none prints it: not the
    /// sign-in, not any later command.
    @Test func signInInOneProcessWhoamiInAnotherAndNoTokenIsShown() throws {
        let signIn = try facet("login", "sign-in", "--first-name", "Ada", "--last-name", "Lovelace")
        #expect(signIn.status == 0)
        #expect(signIn.stdout.contains("Signed in as     Ada Lovelace"))
        #expect(signIn.stderr.isEmpty)
        #expect(Self.token(in: signIn.stdout) == nil, "\(signIn.stdout)")

        let whoami = try facet("whoami")
        #expect(whoami.status == 0)
        #expect(whoami.stdout.contains("Ada Lovelace"))
        #expect(whoami.stdout.contains("Preferred front end  default"))

        var later = [whoami]
        later.append(try facet("whoami", "--json"))
        later.append(try facet("login"))
        later.append(try facet("login", "--json"))
        later.append(try facet("settings", "--json"))
        later.append(try facet("settings", "set", "github-user", "octocat"))
        later.append(try facet("help", "login"))
        for result in later {
            #expect(Self.token(in: result.stdout) == nil)
            #expect(Self.token(in: result.stderr) == nil)
        }
        #expect(later[3].stdout.contains(#""value":"Ada Lovelace""#))
        for bytes in try databaseBytes() {
            #expect(Self.token(in: String(decoding: bytes, as: UTF8.self)) == nil)
        }

        // Signing in again (any case) opens the same profile with a new token.
        let again = try facet("login", "sign-in", "--first-name", "ADA", "--last-name", "lovelace", "--json")
        #expect(again.status == 0)
        #expect(again.stdout.contains("Signed in as Ada Lovelace."))
        #expect(Self.token(in: again.stdout) == nil)

        let signOut = try facet("login", "sign-out")
        #expect(signOut.status == 0)
        #expect(signOut.stdout.contains("Signed out Ada Lovelace."))
        // Like `gh auth status`: nobody signed in exits 1 and says how to sign in.
        let nobody = try facet("whoami")
        #expect(nobody.status == 1)
        #expect(nobody.stderr.contains("Nobody is signed in. Sign in on the login screen (facet login sign-in"))
        #expect(!nobody.stdout.contains("✓"))
        let code = try facet("whoami", "--json")
        #expect(code.status == 1)
        #expect(code.stdout.contains(#""code":"user.not_signed_in""#))
    }

    @Test func badNamesGetAClearMessageAndCreateNothing() throws {
        let cases: [([String], String)] = [
            (["--first-name", "", "--last-name", "Lovelace"], "First name must not be empty."),
            (["--first-name", "   ", "--last-name", "Lovelace"], "First name must not be empty."),
            (["--first-name", "Ada", "--last-name", "Love\nlace"], "Last name must not contain control characters or escape sequences."),
            (["--first-name", "\u{1B}]0;pwned\u{07}Ada", "--last-name", "L"], "First name must not contain control characters or escape sequences."),
            (["--first-name", String(repeating: "a", count: 10_000), "--last-name", "L"], "First name must be at most 100 characters."),
        ]
        for (names, message) in cases {
            let result = try FacetProcess.run(["login", "sign-in"] + names, home: home.path)
            #expect(result.status == 1, "\(message)")
            #expect(result.stderr.contains(message))
            #expect(!result.stderr.contains("\u{1B}"))
            #expect(result.stderr.count < 300)
        }
        let whoami = try facet("whoami")
        #expect(whoami.status == 1 && whoami.stderr.contains("Nobody is signed in."))
    }

    @Test func settingsNeedASignedInUserAndSayHowToGetOne() throws {
        let shown = try facet("settings")
        #expect(shown.status == 1)
        #expect(shown.stderr.contains("Nobody is signed in: settings belong to a user. Sign in first (facet login sign-in --first-name NAME --last-name NAME)."))
        let set = try facet("settings", "set", "github-user", "octocat")
        #expect(set.status == 1)
        #expect(set.stderr.contains("Nobody is signed in"))
    }

    @Test func settingsRefuseBadValuesAndKeepTheOldOnes() throws {
        #expect(try facet("login", "sign-in", "--first-name", "Ada", "--last-name", "Lovelace").status == 0)
        #expect(try facet("settings", "set", "page-size", "25").status == 0)
        let cases: [(String, String, String)] = [
            ("ui", "gui", "Preferred front end must be one of cli, tui, jsonl, mcp, web (or empty for the default)."),
            ("page-size", "0", "Page size must be between 10 and 500."),
            ("page-size", "1000000000", "Page size must be between 10 and 500."),
            ("github-base-url", "file:///etc/passwd", "GitHub API base URL must be an http:// or https:// URL."),
            ("photos-base-url", "javascript:alert(1)", "Photos API base URL must be an http:// or https:// URL."),
            ("github-user", "not a user", "GitHub username may hold only letters"),
        ]
        for (key, value, message) in cases {
            let result = try facet("settings", "set", key, value)
            #expect(result.status == 2, "\(key)")
            #expect(result.stderr.contains(message), "\(result.stderr)")
        }
        let unknown = try facet("settings", "set", "colour", "red")
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("must be one of: github-user, github-token, ui, page-size"))
        let json = try facet("settings", "--json")
        #expect(json.stdout.contains(#""id":"page-size","label":"Page size","placeholder":"10–500","readOnly":false,"secret":false,"value":"25""#))
        #expect(json.stdout.contains(#""value":"https://api.github.com""#))
    }

    @Test func theGitHubTokenIsSavedButNeverPrinted() throws {
        #expect(try facet("login", "sign-in", "--first-name", "Ada", "--last-name", "Lovelace").status == 0)
        let secret = "ghp_e2eSECRETvalue1234567890"
        let set = try facet("settings", "set", "github-token", secret)
        #expect(set.status == 0)
        #expect(set.stdout.contains("set (hidden)"))
        let outputs = [set, try facet("settings"), try facet("settings", "--json"), try facet("whoami", "--json")]
        for result in outputs {
            #expect(!result.stdout.contains(secret))
            #expect(!result.stderr.contains(secret))
        }
        let mode = try FileManager.default.attributesOfItem(atPath: home.path + "/facet.sqlite")[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let cleared = try facet("settings", "set", "github-token", "")
        #expect(cleared.stdout == "✓ Cleared github-token: not set.\n")
        #expect(try facet("settings", "get", "github-token").stdout == "\n")
    }

    @Test func thePlaylistPageSizeComesFromTheSignedInUsersSettings() throws {
        let files = TemporaryDirectory("facet-files")
        let lines = (1...30).map { "#EXTINF:1,Artist \($0) - Song \($0)\nsong\($0).mp3" }.joined(separator: "\n")
        let path = files.file("Long.m3u", lines + "\n")
        #expect(try facet("playlists", "import", path).status == 0)
        func shown() throws -> Int {
            let out = try facet("playlist", "Long", "--json").stdout
            let object = try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any]
            let list = (object?["content"] as? [String: Any])?["list"] as? [String: Any]
            return (list?["items"] as? [Any])?.count ?? -1
        }
        #expect(try shown() == 30)
        #expect(try facet("login", "sign-in", "--first-name", "Ada", "--last-name", "Lovelace").status == 0)
        #expect(try facet("settings", "set", "page-size", "10").status == 0)
        #expect(try shown() == 10)
    }

    @Test func aDatabaseLockedByAnotherProcessGivesAClearMessageAndNoProfile() throws {
        #expect(try facet("whoami").status == 1)  // creates and migrates the database (nobody is signed in)
        // Another process (Python's sqlite3) holds the write lock until told to stop.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        holder.arguments = [
            "python3", "-c",
            "import sqlite3,sys;c=sqlite3.connect(sys.argv[1],isolation_level=None);c.execute('BEGIN IMMEDIATE');"
                + "print('locked',flush=True);sys.stdin.readline();c.execute('ROLLBACK')",
            home.path + "/facet.sqlite",
        ]
        let input = Pipe()
        let output = Pipe()
        holder.standardInput = input
        holder.standardOutput = output
        try holder.run()
        let deadline = ChildDeadline(holder, seconds: 300)
        defer { if holder.isRunning { holder.terminate() }; deadline.finish() }
        #expect(String(decoding: output.fileHandleForReading.readData(ofLength: 6), as: UTF8.self) == "locked")

        let blocked = try facet(
            "login", "sign-in", "--first-name", "Ada", "--last-name", "Lovelace",
            environment: ["FACET_BUSY_TIMEOUT_MS": "300"])
        #expect(blocked.status == 1)
        #expect(blocked.stderr.contains("The database is busy (locked by another Facet process); try again."))
        input.fileHandleForWriting.write(Data("go\n".utf8))
        holder.waitUntilExit()

        let whoami = try facet("whoami")
        #expect(whoami.status == 1 && whoami.stderr.contains("Nobody is signed in."))
        let signIn = try facet("login", "sign-in", "--first-name", "Ada", "--last-name", "Lovelace")
        #expect(signIn.stdout.contains("Created profile and signed in as Ada Lovelace."))
    }

    @Test(arguments: 1...5)
    func twoSignInsRacingFromTwoProcessesMakeOneProfile(round: Int) throws {
        // A fresh home each round: the processes also race to create and
        // migrate the database (before the setup lock, one round in four failed).
        let results = RaceResults()
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let result = try? FacetProcess.run(
                ["login", "sign-in", "--first-name", index == 0 ? "Grace" : "GRACE", "--last-name", "Hopper"],
                home: home.path)
            results.add(result)
        }
        let all = results.all
        #expect(all.count == 2)
        #expect(all.allSatisfy { $0.status == 0 })
        #expect(all.filter { $0.stdout.contains("Created profile and signed in") }.count == 1)
        // The winner's spelling is the profile's; the other opened it.
        let creator = try #require(all.first { $0.stdout.contains("Created profile") })
        let spelling = creator.stdout.contains("as GRACE Hopper.") ? "GRACE Hopper" : "Grace Hopper"
        #expect(all.filter { $0.stdout.contains("✓ Signed in as \(spelling).") }.count == 1)
        let third = try facet("login", "sign-in", "--first-name", "grace", "--last-name", "hopper")
        #expect(third.stdout.contains("✓ Signed in as \(spelling)."))
    }
}

private final class RaceResults: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [FacetProcess.Result] = []
    func add(_ result: FacetProcess.Result?) {
        lock.lock()
        defer { lock.unlock() }
        if let result { results.append(result) }
    }
    var all: [FacetProcess.Result] { lock.lock(); defer { lock.unlock() }; return results }
}
