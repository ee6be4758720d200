import Foundation
import Testing
import TestSupport

/// The CLI's promises as a front end of the screen contract, through the
/// built binary: failures go to stderr only, a one-shot command never
/// pretends (form fields are submitted, an unfilled form is refused), a
/// disabled action says why, mistakes get "did you mean", and scripts get
/// data with `--jsonl`/`--fields`.
@Suite struct CLIContractTests {
    let world = CLIExampleWorld()

    func facet(_ words: String...) throws -> FacetProcess.Result { try world.facet(words) }

    func object(_ line: String) -> [String: Any]? {
        try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    }

    @Test func aFailedCommandWritesItsMessageToStderrOnly() throws {
        let cases: [([String], String)] = [
            (["playlists", "import", "missing.json"], "no such file or directory"),
            (["playlist", "No Such"], "No playlist named \"No Such\"."),
            (["folders", "nosuchdir"], "No such folder: "),
        ]
        for (words, message) in cases {
            let result = try world.facet(words)
            #expect(result.status == 1, "\(words)")
            #expect(result.stdout.isEmpty, "\(words) printed on stdout: \(result.stdout)")
            #expect(result.stderr.contains(message), "\(words): \(result.stderr)")
            #expect(result.stderr.components(separatedBy: message).count == 2, "said twice: \(result.stderr)")
            #expect(result.stderr.hasPrefix("✗ "))
        }
    }

    @Test func setFieldIsSubmittedInTheSameRun() throws {
        try world.signIn()
        let saved = try facet("settings", "set-field", "github-user", "octocat")
        #expect(saved.status == 0)
        #expect(saved.stdout.contains("✓ Saved: GitHub username."))
        #expect(try facet("settings", "--json").stdout.contains(#""id":"github-user","label":"GitHub username","placeholder":"not set","readOnly":false,"secret":false,"value":"octocat""#))

        let two = try facet("settings", "set-field", "page-size", "20", "set-field", "ui", "cli")
        #expect(two.status == 0)
        let picked = try facet("settings", "--fields", "page-size,ui").stdout
        #expect(picked.hasPrefix(#"{"page-size":"#) && picked.hasSuffix("}\n"))
        #expect((object(picked)?["page-size"]).map { "\($0)" } == "20")
        #expect(object(picked)?["ui"] as? String == "cli")

        let bad = try facet("settings", "set-field", "page-size", "0")
        #expect(bad.status == 1)
        #expect(bad.stdout.isEmpty)
        #expect(bad.stderr.contains("Page size must be between 10 and 500."))
        #expect((object(try facet("settings", "--fields", "page-size").stdout)?["page-size"]).map { "\($0)" } == "20")
    }

    @Test func loginFieldsAreSubmittedOrTheSignInIsRefused() throws {
        let half = try facet("login", "set-field", "first-name", "Grace")
        #expect(half.status == 1)
        #expect(half.stdout.isEmpty)
        #expect(!half.stderr.isEmpty)
        #expect(try facet("whoami").stdout.contains("Grace") == false)

        let whole = try facet("login", "set-field", "first-name", "Grace", "set-field", "last-name", "Hopper")
        #expect(whole.status == 0)
        #expect(whole.stdout.contains("signed in as Grace Hopper."))
        #expect(try facet("whoami").stdout.contains("Grace Hopper"))
    }

    @Test func anActionThatOnlyOpensAFormIsRefusedWithWhatToAdd() throws {
        let photos = world.work + "/photos"
        let detail = try facet("folder", "photos/2024", "rename")
        #expect(detail.status == 2)
        #expect(detail.stdout.isEmpty)
        #expect(detail.stderr.contains("only opens the"))
        #expect(detail.stderr.contains("add NAME (New name): facet folder photos/2024 rename NAME"))

        let child = try facet("folders", "photos", "rename", "2023")
        #expect(child.status == 2)
        #expect(child.stdout.isEmpty)
        #expect(child.stderr.contains("NAME"))

        let login = try facet("whoami", "login")
        #expect(login.status == 2)
        #expect(login.stderr.contains("facet login --first-name FIRST-NAME --last-name LAST-NAME sign-in"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: photos).sorted() == ["2023", "2024"])
    }

    @Test func aDisabledActionSaysWhyAndExitsOne() throws {
        for words in [["playlist", "Sample", "load-more"], ["login", "sign-out"]] {
            let result = try world.facet(words)
            #expect(result.status == 1, "\(words)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.hasPrefix("✗ ") && result.stderr.count > 4, "\(words): \(result.stderr)")
        }
    }

    @Test func mistakesGetTheClosestValidName() throws {
        let cases: [([String], String)] = [
            (["playlist", "import", "foo.json"], "did you mean 'facet playlists import foo.json'?"),
            (["playlsts"], "unknown screen 'playlsts' (did you mean 'playlists'?)"),
            (["playlists", "improt", "road.m3u"], "has no action 'improt' (did you mean 'import'?)"),
            (["playlist", "Sample", "--srot", "title"], "has no option --srot (did you mean --sort?)"),
            (["help", "foldres"], "did you mean 'facet help folders'?"),
            (["folders", "photos", "--sort", "nmae"], "'sort' must be one of: name, items, bytes (did you mean 'name'?)"),
        ]
        for (words, hint) in cases {
            let result = try world.facet(words)
            #expect(result.status == 2, "\(words)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.contains(hint), "\(words): \(result.stderr)")
        }
        // The action exists elsewhere, but here the word named a playlist that does not exist.
        let missing = try facet("playlist", "import")
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("Did you mean 'facet playlists import'?"))
    }

    @Test func jsonlPrintsOneObjectPerRowAndFieldsPickThem() throws {
        let all = try facet("playlist", "Sample", "--jsonl")
        #expect(all.status == 0)
        #expect(all.stderr.isEmpty)
        let lines = all.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 7)
        #expect(lines.allSatisfy { object($0)?["id"] is String })
        #expect(lines.allSatisfy { $0.hasPrefix(#"{"id":"#) })

        let picked = try facet("playlist", "Sample", "--fields", "title,id")
        let first = try #require(picked.stdout.split(separator: "\n").first.map(String.init))
        #expect(first.hasPrefix(#"{"title":"#))
        #expect(object(first)?.keys.sorted() == ["id", "title"])

        let unknown = try facet("playlist", "Sample", "--fields", "id,titel")
        #expect(unknown.status == 2)
        #expect(unknown.stdout.isEmpty)
        #expect(unknown.stderr.contains("has no field 'titel' (did you mean 'title'?)"))
        #expect(unknown.stderr.contains("fields: id, "))

        let detail = try facet("folder", "photos", "--jsonl")
        #expect(detail.status == 0)
        #expect(detail.stdout.split(separator: "\n").count == 1)
        #expect(object(detail.stdout) != nil)

        #expect(try facet("playlist", "Sample", "--json", "--jsonl").status == 2)
    }

    @Test func helpStatesTheExitCodes() throws {
        let help = try facet("help")
        #expect(help.stdout.contains("1  failed, or refused: a disabled action prints why on stderr"))
        #expect(help.stdout.contains("2  usage error"))
        #expect(help.stdout.contains("--fields A,B"))
        #expect(try facet("help", "playlist").stdout.contains("Exit status: 0 done, 1 failed or refused"))
    }
}
