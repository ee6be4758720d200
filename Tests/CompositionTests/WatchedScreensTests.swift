import FeatureKit
import Foundation
import ScreenKit
import Testing

/// After another process commits, the registry reads again exactly the
/// screens that someone watches and that can read their own store again
/// (`readStoreAgain`) or whose `reload` merely reads: not a form (its
/// reload would overwrite what is being typed), not a reload that asks a
/// web API, not a screen nobody looks at.
@MainActor @Suite struct WatchedScreensTests {
    final class CountingScreen: ScreenModel {
        let form: Bool
        let effect: ActionEffect
        var reloads = 0
        /// Reads of its own store (see `readStoreAgain`), when it has one.
        let ownRead: Bool
        var storeReads = 0
        /// Holds each reload until the test lets it finish.
        var gate: CheckedContinuation<Void, Never>?
        var holding = false

        init(form: Bool = false, effect: ActionEffect = .view, ownRead: Bool = false) {
            self.form = form
            self.effect = effect
            self.ownRead = ownRead
        }

        override func readStoreAgain() async -> Bool {
            guard ownRead else { return false }
            storeReads += 1
            return true
        }

        override var snapshot: ScreenSnapshot {
            let content = form
                ? ScreenContent(form: FormContent(fields: []))
                : ScreenContent(list: ListContent(items: [], columns: []))
            return ScreenSnapshot(
                screen: "counting", title: "Counting", content: content,
                actions: [ActionDescriptor(name: StandardAction.reload, label: "Reload", summary: "Read again.", effect: effect)])
        }

        override func perform(_ action: String, _ arguments: ActionArguments) async throws(ScreenError) -> ActionOutcome {
            guard action == StandardAction.reload else { return try await super.perform(action, arguments) }
            reloads += 1
            if holding { await withCheckedContinuation { gate = $0 } }
            return .done
        }
    }

    func registry(_ screens: [String: CountingScreen]) -> ScreenRegistry {
        let registry = ScreenRegistry()
        for (id, screen) in screens {
            registry.register(ScreenRegistration(ScreenDescriptor(id: id, title: id, summary: id, actions: [])) { _ in screen })
        }
        return registry
    }

    func settle() async {
        for _ in 0..<20 { await Task.yield() }
    }

    @Test func onlyWatchedReadingScreensAreReadAgain() async throws {
        let list = CountingScreen()
        let form = CountingScreen(form: true)
        let web = CountingScreen(effect: .changes)
        let unwatched = CountingScreen()
        let registry = registry(["list": list, "form": form, "web": web, "unwatched": unwatched])
        var tokens: [ObservationToken] = []
        for id in ["list", "form", "web", "unwatched"] {
            let screen = try registry.makeScreen(ScreenRequest(screen: id))
            if id != "unwatched" { tokens.append(screen.changes.observe { _ in }) }
        }
        registry.readWatchedScreensAgain()
        await settle()
        #expect(list.reloads == 1)
        #expect(form.reloads == 0)
        #expect(web.reloads == 0)
        #expect(unwatched.reloads == 0)
        tokens.removeAll()
        registry.readWatchedScreensAgain()
        await settle()
        #expect(list.reloads == 1, "nobody watches it any more")
    }

    /// A screen over a web API's cache (its reload asks the network) reads
    /// its cache instead, and never reloads.
    @Test func aCacheBackedScreenReadsItsOwnStoreInsteadOfReloading() async throws {
        let cached = CountingScreen(effect: .changes, ownRead: true)
        let plain = CountingScreen()
        let registry = registry(["cached": cached, "plain": plain])
        var tokens: [ObservationToken] = []
        for id in ["cached", "plain"] {
            tokens.append(try registry.makeScreen(ScreenRequest(screen: id)).changes.observe { _ in })
        }
        registry.readWatchedScreensAgain()
        await settle()
        #expect(cached.storeReads == 1)
        #expect(cached.reloads == 0)
        #expect(plain.storeReads == 0)
        #expect(plain.reloads == 1)
        tokens.removeAll()
    }

    @Test func commitsDuringAReloadLeadToOneMore() async throws {
        let list = CountingScreen()
        list.holding = true
        let registry = registry(["list": list])
        let screen = try registry.makeScreen(ScreenRequest(screen: "list"))
        let token = screen.changes.observe { _ in }
        registry.readWatchedScreensAgain()
        await settle()
        #expect(list.reloads == 1)
        // Three more commits while the first reload runs: one reload covers them.
        for _ in 0..<3 { registry.readWatchedScreensAgain() }
        await settle()
        #expect(list.reloads == 1)
        list.holding = false
        list.gate?.resume()
        await settle()
        #expect(list.reloads == 2)
        token.cancel()
    }
}
