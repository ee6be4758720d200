import Foundation
import Testing
import TestSupport

/// What README.md shows a `facet …` line printing, or says it does (in its
/// comment): each entry checks that on what the line printed in the
/// example world, run in the README's order. `CLIDocumentedExamplesTests`
/// runs them; a README line whose comment shows or promises output must
/// have one here, and every entry must name a README line.
///
/// The world stands in for GitHub and JSONPlaceholder (`octocat` is the
/// stand-in's `octo`, a `ghp_…` token its `good`), so what it prints is
/// checked as the stand-ins make it.
struct READMEShownOutput: Sendable {
    /// The command as the README writes it, without its `# comment`.
    let command: String
    /// Given what the line printed, the world, and the line's README comment
    /// (where the README shows the output, the check reads it from there).
    let check: @Sendable (FacetProcess.Result, CLIExampleWorld, String) throws -> Void

    /// A README comment that shows what the line prints, or says what it
    /// prints or what the screen then shows.
    static func promisesOutput(_ comment: String) -> Bool {
        comment.hasPrefix("{") || comment.hasPrefix("[{")
            || ["print", "becomes", "back to", "with song counts", "per page", "first", "to the top", "one step", "the value only",
                "one object", "who is signed in", "name, path", "every field"].contains { comment.contains($0) }
    }

    /// The rows of a table whose first column is a song title (`Song N`).
    static func songs(_ text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            line.hasPrefix("Song ") ? line.split(separator: " ").prefix(2).joined(separator: " ") : nil
        }
    }

    static func rows(_ text: String, startingWith names: [String]) -> [String] {
        text.split(separator: "\n").compactMap { line in names.first { line.hasPrefix($0 + " ") } }
    }

    /// Each line as its words: a table's row whatever its columns' widths.
    static func rows(_ text: String) -> [[String]] {
        text.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
    }

    static func objects(_ text: String) -> [[String: Any]] {
        text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    static let all: [READMEShownOutput] = [
        .init(command: "facet playlists") { result, _, _ in
            #expect(result.stdout.split(separator: "\n").contains { $0.hasPrefix("Sample ") && $0.contains("7 songs") }, "\(result.stdout)")
        },
        .init(command: #"facet playlist "Road Trip""#) { result, _, _ in
            #expect(songs(result.stdout).count == 50, "\(result.stdout)")
            #expect(result.stderr.contains("1–50 of 120"))
        },
        .init(command: "facet playlists --sort songs --reverse") { result, _, _ in
            #expect(rows(result.stdout, startingWith: ["Sample", "Road Trip"]) == ["Sample", "Road Trip"], "\(result.stdout)")
        },
        .init(command: #"facet playlist "Road Trip" move-song 7 1"#) { result, _, _ in
            #expect(songs(result.stdout).prefix(3) == ["Song 7", "Song 1", "Song 2"], "\(result.stdout)")
        },
        .init(command: #"facet playlist "Road Trip" move-up 5"#) { result, _, _ in
            // Position 5 held Song 4 (after the move above): one step up.
            #expect(songs(result.stdout).prefix(5) == ["Song 7", "Song 1", "Song 2", "Song 4", "Song 3"], "\(result.stdout)")
        },
        .init(command: #"facet playlist "Road Trip" remove-song --items 2,4 --yes"#) { result, _, _ in
            #expect(songs(result.stdout).prefix(4) == ["Song 7", "Song 2", "Song 3", "Song 5"], "\(result.stdout)")
        },
        .init(command: #"facet playlist "Road Trip" undo"#) { result, _, _ in
            #expect(songs(result.stdout).prefix(5) == ["Song 7", "Song 1", "Song 2", "Song 4", "Song 3"], "\(result.stdout)")
        },
        .init(command: #"facet playlist "Road Trip" export trip.m3u8"#) { result, world, _ in
            let file = try String(contentsOfFile: world.work + "/trip.m3u8", encoding: .utf8)
            #expect(file.hasPrefix("#EXTM3U\n#EXTINF:"), "\(file.prefix(200))")
        },
        .init(command: "facet help playlist") { result, _, _ in
            for action in ["remove-song", "move-song", "move-up", "move-down", "add PATH", "export FILE", "rename NAME", "delete", "undo"] {
                #expect(result.stdout.contains("  " + action), "no \(action) in:\n\(result.stdout)")
            }
        },
        .init(command: "facet whoami") { result, _, _ in
            #expect(result.stdout.split(separator: "\n").contains { $0.hasPrefix("Signed in as ") && $0.hasSuffix(" Ada Lovelace") },
                    "\(result.stdout)")
            #expect(!result.stdout.contains("facet_"), "the session token is never shown again")
        },
        .init(command: "facet settings") { result, _, _ in
            #expect(Self.rows(result.stdout).contains(["GitHub", "token", "github-token", "not", "set"]), "\(result.stdout)")
        },
        .init(command: "facet settings set github-user octocat") { result, _, comment in
            // Shown where it is first run: "prints one line: …".
            let shown = comment.components(separatedBy: "prints one line: ").last ?? ""
            #expect(result.stdout == shown.replacingOccurrences(of: "octocat", with: "octo") + "\n" || !comment.contains("prints"),
                    "\(result.stdout) is not what the README shows: \(comment)")
            #expect(result.stdout == "✓ Saved github-user: octo.\n")
        },
        .init(command: "facet settings get github-user") { result, _, _ in
            #expect(result.stdout == "octo\n")
        },
        .init(command: "facet settings set github-token ghp_16C7e42F292c6912E7710c838347Ae178B4a") { result, world, _ in
            #expect(result.stdout == "✓ Saved github-token: set (hidden).\n")
            let shown = try world.facet(["settings"])
            #expect(Self.rows(shown.stdout).contains(["GitHub", "token", "github-token", "set", "(hidden)"]) && !shown.stdout.contains("good"),
                    "\(shown.stdout)")
        },
        .init(command: "facet settings set-field github-user ada set-field page-size 50") { result, world, _ in
            #expect(result.stdout.contains("✓ Saved: GitHub username, Page size."), "\(result.stdout)")
            let user = try world.facet(["settings", "get", "github-user"])
            let size = try world.facet(["settings", "get", "page-size"])
            #expect(user.stdout == "ada\n" && size.stdout == "50\n", "\(user.stdout) \(size.stdout)")
        },
        .init(command: "facet login sign-out") { result, world, _ in
            #expect(result.stdout.contains("✓ Signed out Ada Lovelace."), "\(result.stdout)")
            let whoami = try world.facet(["whoami"])
            #expect(whoami.status == 1 && whoami.stderr.contains("Nobody is signed in"), "\(whoami.stderr)")
        },
        .init(command: "facet folder /srv/photos") { result, _, _ in
            let labels = result.stdout.split(separator: "\n").map { $0.split(separator: " ").first.map(String.init) ?? "" }
            for label in ["Name", "Path", "Size", "KB", "Files", "Folders", "Modified"] {
                #expect(labels.contains(label), "no \(label) in:\n\(result.stdout)")
            }
        },
        .init(command: "facet stars --refresh none open-url 1000001") { result, _, _ in
            // No browser in the world: the URL is printed.
            #expect(result.stdout.contains("https://github.com/owner1/project-00001"), "\(result.stdout)")
        },
        .init(command: "facet photos select 7") { result, world, _ in
            let title = try photoTitle(7, world)
            // For a pipe, the screen's title goes to stderr with the lines above the rows.
            #expect(result.stderr.hasPrefix(title + "\n"), "the title is not photo 7's (\(title)):\n\(result.stderr.prefix(300))")
        },
        .init(command: "facet photos reload") { result, _, _ in
            #expect(result.stderr.hasPrefix("Photos\n"), "\(result.stderr.prefix(300))")
        },
        .init(command: "facet photo 7") { result, world, _ in
            let title = try photoTitle(7, world)
            #expect(result.stdout.hasPrefix(title + "\n"), "\(result.stdout)")
            for label in ["ID             7", "Album ", "Title ", "Image URL ", "Thumbnail URL ", "Fetched "] {
                #expect(result.stdout.contains("\n" + label), "no \(label) in:\n\(result.stdout)")
            }
        },
        .init(command: "facet photo 7 open-url") { result, _, _ in
            #expect(result.stdout.contains("https://via.placeholder.com/600/"), "\(result.stdout)")
        },
        .init(command: "facet playlist Sample --jsonl") { result, _, _ in
            let songs = objects(result.stdout)
            #expect(songs.count == 7 && songs.count == result.stdout.split(separator: "\n").count, "\(result.stdout)")
            #expect(songs.first?["id"] as? String == "1")
            #expect(songs.allSatisfy { $0["title"] is String })
        },
        .init(command: "facet playlist Sample --fields id,title --all") { result, _, _ in
            let lines = result.stdout.split(separator: "\n")
            #expect(lines.count == 7)
            #expect(lines.allSatisfy { $0.hasPrefix(#"{"id":""#) && $0.contains(#"","title":""#) && $0.filter { $0 == ":" }.count == 2 },
                    "\(result.stdout)")
        },
        .init(command: "facet playlists --json name,songs") { result, _, comment in
            let shown = try JSONSerialization.jsonObject(with: Data(comment.utf8)) as? NSArray
            let printed = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? NSArray
            #expect(printed == shown, "\(result.stdout)")
        },
        .init(command: "facet folder ~/photos --jsonl") { result, world, _ in
            let lines = result.stdout.split(separator: "\n")
            #expect(lines.count == 1)
            let folder = objects(result.stdout).first ?? [:]
            #expect(folder["name"] as? String == "photos", "\(result.stdout)")
            #expect((folder["path"] as? String ?? "").hasSuffix("/home/photos"), "\(result.stdout)")
        },
        .init(command: "facet serve &") { result, _, comment in
            // prints "facet: serving on …"
            let shown = comment.components(separatedBy: "\"").dropFirst().first?.replacingOccurrences(of: "…", with: "") ?? "?"
            #expect(result.stderr.hasPrefix(shown), "\(result.stderr) is not what the README shows: \(comment)")
        },
        .init(command: "facet login sign-in --first-name Ada --last-name Lovelace") { result, world, _ in
            // A profile is made on the first sign-in only; the session's token is never printed.
            let first = result.stdout.contains("✓ Created profile and signed in as Ada Lovelace.")
            #expect(first || result.stdout.contains("✓ Signed in as Ada Lovelace."), "\(result.stdout)")
            #expect(!result.stdout.contains("facet_"), "\(result.stdout)")
            let whoami = try world.facet(["whoami"])
            #expect(!whoami.stdout.contains("facet_"), "no token is shown: \(whoami.stdout)")
        },
    ]

    /// Photo `id`'s title as the stand-in serves it, read through Facet's own detail screen.
    static func photoTitle(_ id: Int, _ world: CLIExampleWorld) throws -> String {
        let detail = try world.facet(["photo", String(id), "--jsonl"])
        return objects(detail.stdout).first?["title"] as? String ?? ""
    }
}
