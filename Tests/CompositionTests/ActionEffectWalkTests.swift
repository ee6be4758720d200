@testable import Composition
import Foundation
import GRDB
import ScreenKit
import TestSupport
import Testing

/// One rule for destruction, checked against what actions really do: every
/// registered screen's every action runs once, with sample arguments, on a
/// fresh copy of a real installation (the composition root, its SQLite
/// file, a folder tree, the loopback GitHub and photos fixtures), and the
/// data before and after are compared. An action may do less than it
/// declares, never more: a view action changes nothing, an additive one only
/// adds, and only a `.destroys` action deletes or overwrites anything.
@MainActor
@Suite(.serialized, .tags(.playlists, .folders, .users))
struct ActionEffectWalkTests {
    /// What an action was seen to do, in the order of `ActionEffect`.
    enum Seen: Int, Comparable, CustomStringConvertible {
        case nothing, added, changed, destroyed
        static func < (a: Seen, b: Seen) -> Bool { a.rawValue < b.rawValue }
        var description: String { ["nothing", "added", "changed", "destroyed"][rawValue] }

        /// The most `effect` allows.
        static func allowed(by effect: ActionEffect) -> Seen {
            switch effect {
            case .view: .nothing
            case .adds: .added
            case .changes: .changed
            // A refetch overwrites the cached copy; a removal deletes rows
            // that undo puts back: both take something away.
            case .replaces, .removes, .destroys: .destroyed
            }
        }
    }

    /// A walk's result for one action.
    struct Finding: CustomStringConvertible {
        var screen: String
        var action: String
        var declared: ActionEffect
        var seen: Seen
        var why: [String]
        var description: String {
            "\(screen) \(action): declared \(declared.rawValue), but it \(seen)"
                + (why.isEmpty ? "" : ": " + why.prefix(3).joined(separator: "; "))
        }
    }

    @Test func everyActionDoesNoMoreToTheDataThanItDeclares() async throws {
        let world = try await World.make()
        var ran: [String] = []
        var findings: [Finding] = []
        var skipped: [String] = []
        var overDeclared: [Finding] = []
        var seenAll: [Finding] = []
        for screen in world.screens {
            for action in screen.actions {
                guard let result = try await world.walk(screen: screen.id, action: action.name) else {
                    skipped.append("\(screen.id) \(action.name)")
                    continue
                }
                ran.append("\(screen.id) \(action.name)")
                seenAll.append(result)
                if result.seen > Seen.allowed(by: result.declared) { findings.append(result) }
                // `destructive` is exact: an action declared so must be one
                // that deletes or overwrites (it ran with `yes` and a target).
                if result.declared.asksFirst, result.seen < .destroyed { overDeclared.append(result) }
            }
        }
        #expect(findings.isEmpty, "\(findings.map(\.description).joined(separator: "\n"))")
        #expect(overDeclared.isEmpty, "declared destroys, destroyed nothing: \(overDeclared.map(\.description).joined(separator: "\n"))")
        if ProcessInfo.processInfo.environment["FACET_WALK_REPORT"] != nil {
            for result in seenAll where result.seen > .nothing || result.declared != .view {
                print("walked \(result.screen) \(result.action): declared \(result.declared.rawValue), \(result.seen)")
            }
            print("not offered in the sample state: \(skipped.joined(separator: ", "))")
        }
        // The walk is only worth something if it reaches the actions that
        // change data: each of these must have run.
        for needed in [
            "playlists delete", "playlists import", "playlist remove-song", "playlist delete", "playlist rename",
            "folders delete", "folders confirm-delete", "folders export", "folders rename", "settings set", "settings save",
            "login sign-in", "whoami sign-out", "stars star", "stars unstar", "stars refresh-all", "photos reload",
        ] {
            #expect(ran.contains(needed), "the walk did not run '\(needed)'; it ran: \(ran.joined(separator: ", "))")
        }
    }

    /// Every registered action states its effect (the initialiser has no
    /// default), and the standard view actions state `.view`: a front end
    /// that keeps them in `--read-only` relies on it.
    @Test func everyActionStatesItsEffectAndTheStandardViewActionsAreViews() async throws {
        let home = TemporaryDirectory("facet-effects")
        let app = try FacetApp(environment: ["FACET_HOME": home.path], frontEnds: ["cli"])
        defer { app.finish() }
        let views: Set = [
            StandardAction.setField, StandardAction.loadMore, StandardAction.loadPrevious, StandardAction.scrollTo,
            StandardAction.filter, StandardAction.sort, StandardAction.select, StandardAction.open, StandardAction.up,
        ]
        for screen in app.catalog.screens {
            for action in screen.actions {
                if views.contains(action.name) {
                    #expect(action.effect == .view, "\(screen.id) \(action.name)")
                }
                #expect(action.destructive == action.effect.asksFirst, "\(screen.id) \(action.name)")
                // The JSON carries both keys, and reads back the same.
                let data = try JSONEncoder().encode(action)
                let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
                #expect(object["effect"] as? String == action.effect.rawValue)
                #expect(object["destructive"] as? Bool == action.destructive)
                #expect(try JSONDecoder().decode(ActionDescriptor.self, from: data).effect == action.effect)
            }
        }
    }
}

extension ActionEffectWalkTests {
    /// A prepared installation, copied afresh for every action.
    @MainActor
    final class World {
        let template = TemporaryDirectory("facet-walk-template")
        let github: FixtureServer
        let photos: PhotosFixtureServer
        /// A real MPD: the player's and the playlists' MPD actions reach it,
        /// and its stored playlists are data like the database's rows.
        let mpd: MPDServer
        private(set) var screens: [ScreenDescriptor] = []
        /// A repository the fixture user has not starred, for `star`.
        static let unstarred = "walk/sample"

        private init() throws {
            github = try FixtureServer(arguments: ["--stars", "120"])
            photos = try PhotosFixtureServer.shared()
            mpd = try MPDServer(songs: [
                ("one.flac", "One", "Walker", nil, 30, 440), ("two.flac", "Two", "Walker", nil, 30, 550),
            ])
            resetMPD()
        }

        /// MPD as every walk starts from: two songs queued and stopped, and
        /// stored playlists named as the walk's arguments name them
        /// (`Road`, `Renamed`), so saving over one replaces it.
        func resetMPD() {
            mpd.mpc("stop")
            mpd.mpc("clear")
            mpd.mpc("volume", "50")
            for name in mpd.mpc("lsplaylists").stdout.split(separator: "\n") { mpd.mpc("rm", String(name)) }
            mpd.mpc("add", "one.flac", "two.flac")
            mpd.mpc("save", "Road")
            mpd.mpc("save", "Renamed")
        }

        /// MPD's stored playlists and their songs: what a change to MPD's data is.
        func mpdPlaylists() -> [String: [String]] {
            var playlists: [String: [String]] = [:]
            for name in mpd.mpc("lsplaylists").stdout.split(separator: "\n") {
                playlists[String(name)] = mpd.mpc("playlist", String(name)).stdout.split(separator: "\n").map(String.init)
            }
            return playlists
        }

        static func make() async throws -> World {
            let world = try World()
            try await world.prepare()
            return world
        }

        func environment(_ root: String) -> [String: String] {
            ["FACET_HOME": root + "/home", "HOME": root + "/user", "TZ": "UTC"].merging(mpd.environment) { $1 }
        }

        /// Signed in, settings pointing at the fixtures, two playlists, the
        /// stars and photos caches filled, a folder tree and a file an
        /// export would overwrite.
        private func prepare() async throws {
            let root = template.path
            _ = template.directory("user")
            _ = template.file("tree/alpha/one.txt", "one")
            _ = template.file("tree/alpha/two.txt", "two two")
            _ = template.file("tree/beta/three.txt", "three")
            _ = template.file("tree/gamma.txt", "gamma")
            _ = template.file("work/existing.json", "an older export")
            // More songs than a page, so that paging actions are offered.
            let songs = (1...120).map { "#EXTINF:200,Artist \($0) - Song \($0)\nsong\($0).mp3" }
            let m3u = template.file("work/road.m3u", "#EXTM3U\n" + songs.joined(separator: "\n") + "\n")
            let app = try FacetApp(environment: environment(root), frontEnds: ["cli"])
            defer { app.finish() }
            try await app.prepare()
            try await run(app, "login", ["first-name": .string("Ada"), "last-name": .string("Lovelace")], "sign-in")
            for (key, value) in [
                ("github-user", "octo"), ("github-token", "good"), ("github-base-url", github.baseURL),
                ("photos-base-url", photos.baseURL()),
            ] {
                try await run(app, "settings", [:], "set", ["key": .string(key), "value": .string(value)])
            }
            try await run(app, "playlists", [:], "import", ["path": .string(m3u), "name": .string("Road")])
            try await run(app, "playlists", [:], "import", ["path": .string(m3u), "name": .string("Spare")])
            try await run(app, "stars", [:], nil)
            try await run(app, "photos", [:], nil)
            screens = app.catalog.screens
        }

        private func run(
            _ app: FacetApp, _ screen: String, _ params: ActionArguments, _ action: String?, _ arguments: ActionArguments = [:]
        ) async throws {
            let opened = try await app.catalog.open(ScreenRequest(screen: screen, params: params))
            defer { opened.close() }
            await opened.settle()
            if let action {
                _ = try await opened.run(action, arguments)
                await opened.settle()
            }
            #expect(opened.snapshot.status.kind != .error, "setting up \(screen) \(action ?? ""): \(opened.snapshot.status)")
        }

        /// Runs one action on a fresh copy; nil when it is not offered there
        /// (disabled in the sample state, or needs a state no sample gives).
        func walk(screen: String, action: String) async throws -> Finding? {
            let copy = TemporaryDirectory("facet-walk")
            let root = copy.path + "/w"
            try FileManager.default.copyItem(atPath: template.path, toPath: root)
            let app = try FacetApp(environment: environment(root), frontEnds: ["cli"])
            defer { app.finish() }
            try await app.prepare()
            // The first way of opening the screen that offers the action
            // (`load-previous` needs a later page, `sign-in` the names).
            var found: (any Screen, ScreenSnapshot, ActionDescriptor)?
            for params in screenParams(screen, root: root) where found == nil {
                let candidate = try await app.catalog.open(ScreenRequest(screen: screen, params: params))
                await candidate.settle()
                if let (step, arguments) = prelude(screen, action, candidate.snapshot) {
                    _ = try? await candidate.run(step, arguments)
                    await candidate.settle()
                }
                let shown = candidate.snapshot
                if let descriptor = shown.action(action), descriptor.enabled {
                    found = (candidate, shown, descriptor)
                } else {
                    candidate.close()
                }
            }
            guard let (opened, shown, descriptor) = found else { return nil }
            defer { opened.close() }
            guard let arguments = sampleArguments(descriptor, on: shown, root: root) else { return nil }
            let before = try DataState(root: root)
            let remoteBefore = try github.log().count
            let storedBefore = mpdPlaylists()
            let queueBefore = mpd.mpc("playlist").stdout + mpd.mpc("status").stdout
            defer { resetMPD() }
            do {
                _ = try await opened.run(action, arguments)
            } catch {
                // A refusal changes nothing; the comparison below says so.
            }
            await opened.settle()
            let after = try DataState(root: root)
            let remote = try Array(github.log().dropFirst(remoteBefore))
            var (seen, why) = before.compare(to: after)
            // MPD: its queue and playback are state a player changes (as
            // mpc does, without asking); its stored playlists are data.
            let storedAfter = mpdPlaylists()
            for (name, songs) in storedBefore where storedAfter[name] != songs {
                seen = .destroyed
                why.append("replaced or removed MPD's playlist \(name)")
            }
            for name in storedAfter.keys where storedBefore[name] == nil {
                if seen < .added { seen = .added }
                why.append("stored MPD playlist \(name)")
            }
            if mpd.mpc("playlist").stdout + mpd.mpc("status").stdout != queueBefore, seen < .changed {
                seen = .changed
                why.append("changed MPD's queue or playback")
            }
            for request in remote {
                guard let method = request["method"] as? String, let path = request["path"] as? String else { continue }
                let name = path.split(separator: "/").suffix(2).joined(separator: "/")
                if method == "PUT" {
                    if seen < .added { seen = .added }
                    why.append("starred \(name) on GitHub")
                    try github.control("remove", user: "octo", name: name)
                } else if method == "DELETE" {
                    seen = .destroyed
                    why.append("unstarred \(name) on GitHub")
                    try github.control("add", user: "octo", name: name)
                }
            }
            return Finding(screen: screen, action: action, declared: descriptor.effect, seen: seen, why: why)
        }

        func screenParams(_ screen: String, root: String) -> [ActionArguments] {
            switch screen {
            case "folders", "folder": [["path": .string(root + "/tree")]]
            case "folder-rename": [["path": .string(root + "/tree/alpha")]]
            case "playlist": [["name": .string("Road")], ["name": .string("Road"), "page": .int(2)]]
            case "repo": [["name": .string(firstStar)]]
            case "photo": [["id": .int(1)]]
            case "photos": [[:], ["page": .int(2)]]
            case "login": [[:], ["first-name": .string("Grace"), "last-name": .string("Hopper")]]
            default: [[:]]
            }
        }

        /// What a user does first for an action that follows another: an
        /// edit before `save`, the question before `confirm-delete`.
        func prelude(_ screen: String, _ action: String, _ shown: ScreenSnapshot) -> (String, ActionArguments)? {
            switch (screen, action) {
            case ("settings", "save"):
                (StandardAction.setField, [StandardParam.field: .string("github-user"), StandardParam.value: .string("walker")])
            case ("folders", "confirm-delete"):
                shown.content.list?.items.first.map { ("delete", [StandardParam.item: .string($0.id)]) }
            default: nil
            }
        }

        /// The first repository of the fixture's stars (from the template's cache).
        lazy var firstStar: String = {
            (try? DatabaseQueue(path: template.path + "/home/facet.sqlite").read { db in
                try String.fetchOne(db, sql: "SELECT full_name FROM star ORDER BY full_name LIMIT 1")
            }) ?? "octo/repo-1"
        }()

        /// Arguments a user could give: the first row for an item, a new
        /// name for a rename, a file that exists for an export (so that
        /// replacing it is seen), `yes` for an action that asks first.
        func sampleArguments(_ action: ActionDescriptor, on snapshot: ScreenSnapshot, root: String) -> ActionArguments? {
            var arguments = ActionArguments()
            let rows = snapshot.content.list?.items ?? []
            for param in action.params {
                var value: ArgumentValue?
                switch (param.kind, param.name) {
                case (.item, _):
                    value = rows.first.map { .string($0.id) }
                    if value == nil, param.required { return nil }
                case (.bool, StandardParam.yes): value = .bool(true)
                case (.bool, _): value = param.required ? .bool(true) : nil
                case (.int, "to"): value = .int(2)
                case (.int, _): value = param.required ? .int(max(1, param.minimum ?? 1)) : nil
                case (.choice, StandardParam.field):
                    value = snapshot.content.form?.fields.first { !$0.readOnly }.map { .string($0.id) }
                        ?? param.choices?.first.map { .string($0) }
                case (.choice, "key"): value = .string("github-user")
                case (.choice, _): value = param.choices?.last.map { .string($0) }
                case (.path, "file"): value = .string(root + "/work/existing.json")
                case (.path, _): value = .string(root + "/work/road.m3u")
                case (.string, "name"): value = .string("Renamed")
                case (.string, "repository"): value = .string(World.unstarred)
                case (.string, StandardParam.value): value = .string("walker")
                case (.string, StandardParam.text): value = .string("a")
                case (.string, _): value = param.required ? .string("sample") : nil
                }
                if let value { arguments[param.name] = value }
            }
            return arguments
        }
    }

    /// The user's data at one moment: every SQLite table's rows, and every
    /// file and folder under the world's root (outside the database's own
    /// folder, whose files change on every read).
    struct DataState {
        /// Tables that record when a cache last heard from its source and
        /// what rate limit it saw: any request updates them, whatever it
        /// does to the user's data.
        static let bookkeeping: Set = ["star_sync"]

        var tables: [String: [String: Int]] = [:]
        var files: [String: String] = [:]

        init(root: String) throws {
            let queue = try DatabaseQueue(path: root + "/home/facet.sqlite", configuration: {
                var configuration = Configuration()
                configuration.readonly = true
                return configuration
            }())
            tables = try queue.read { db in
                var tables: [String: [String: Int]] = [:]
                let names = try String.fetchAll(
                    db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
                // A full-text index's own tables change with every insert;
                // the index's rows (the virtual table) say what it holds.
                let indexes = try String.fetchAll(
                    db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'")
                for name in names where !indexes.contains(where: { name.hasPrefix($0 + "_") }) && !Self.bookkeeping.contains(name) {
                    var rows: [String: Int] = [:]
                    for row in try Row.fetchAll(db, sql: "SELECT * FROM \"\(name)\"") {
                        rows[row.description, default: 0] += 1
                    }
                    tables[name] = rows
                }
                return tables
            }
            try queue.close()
            let base = URL(fileURLWithPath: root)
            let walker = FileManager.default.enumerator(atPath: root)
            while let relative = walker?.nextObject() as? String {
                if relative == "home" || relative.hasPrefix("home/") { continue }
                let url = base.appendingPathComponent(relative)
                var directory: ObjCBool = false
                FileManager.default.fileExists(atPath: url.path, isDirectory: &directory)
                files[relative] = directory.boolValue ? "folder" : "file " + (try Foundation.Data(contentsOf: url)).base64EncodedString()
            }
        }

        /// The most that happened between `self` and `later`, and where.
        func compare(to later: DataState) -> (Seen, [String]) {
            var seen = Seen.nothing
            var why: [String] = []
            func saw(_ what: Seen, _ reason: String) {
                seen = max(seen, what)
                why.append(reason)
            }
            for name in Set(tables.keys).union(later.tables.keys).sorted() {
                let before = tables[name] ?? [:]
                let after = later.tables[name] ?? [:]
                guard before != after else { continue }
                let removed = before.filter { after[$0.key, default: 0] < $0.value }
                let countBefore = before.values.reduce(0, +)
                let countAfter = after.values.reduce(0, +)
                if removed.isEmpty {
                    saw(.added, "rows added to \(name)")
                } else if countAfter < countBefore {
                    saw(.destroyed, "\(countBefore - countAfter) rows deleted from \(name)")
                } else {
                    saw(.changed, "rows changed in \(name)")
                }
            }
            let gone = files.filter { later.files[$0.key] == nil }
            let new = later.files.filter { files[$0.key] == nil }
            for (path, content) in files {
                if let now = later.files[path], now != content { saw(.destroyed, "\(path) overwritten") }
            }
            for (path, content) in gone {
                // A rename moves a name, with what it holds, elsewhere.
                if new.values.contains(content) || content == "folder" && !new.isEmpty {
                    saw(.changed, "\(path) moved")
                } else {
                    saw(.destroyed, "\(path) deleted")
                }
            }
            if gone.isEmpty, !new.isEmpty { saw(.added, "\(new.keys.sorted().first!) created") }
            return (seen, why)
        }
    }
}
