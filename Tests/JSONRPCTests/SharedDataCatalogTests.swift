import JSONRPC
import ScreenKit
import Testing

/// Several clients over one core: each `open` is the client's own view
/// model (its filter stays its own), and a change one commits makes the
/// others read their data again.
@MainActor
@Suite struct SharedDataCatalogTests {
    /// The shared data: a number every screen shows.
    final class Store {
        var value = 0
    }

    /// A list screen: `bump` changes the store (now, or in background work
    /// with `later`), `filter` is the screen's own view state, `reload`
    /// reads the store again. `form` screens show a form; `fetching`
    /// screens reload from a server (`effect: .changes`).
    final class Counter: ScreenModel {
        let store: Store
        let form: Bool
        let fetching: Bool
        var shown = 0
        var filter = ""
        var reloads = 0

        init(store: Store, form: Bool, fetching: Bool) {
            self.store = store
            self.form = form
            self.fetching = fetching
        }

        static let actions = [
            ActionDescriptor(name: "bump", label: "Bump", summary: "Adds one", effect: .changes,
                             params: [ParamDescriptor(name: "later", label: "Later", kind: .bool, required: false)]),
            ActionDescriptor(name: StandardAction.filter, label: "Filter", summary: "", effect: .view,
                             params: [ParamDescriptor(name: StandardParam.text, label: "Text", positional: true)]),
        ]

        override var snapshot: ScreenSnapshot {
            let list = ListContent(items: [ListItem(id: "1", title: "\(shown)")], filter: filter, columns: [])
            let content = form ? ScreenContent(form: FormContent(fields: []), list: list) : ScreenContent(list: list)
            let reload = ActionDescriptor(name: StandardAction.reload, label: "Reload", summary: "", effect: fetching ? .changes : .view)
            return ScreenSnapshot(screen: "counter", title: "\(shown)", content: content, actions: Self.actions + [reload])
        }

        override func start() async { shown = store.value }

        override func perform(_ action: String, _ arguments: ActionArguments) async throws(ScreenError) -> ActionOutcome {
            switch action {
            case "bump":
                if arguments.bool("later") == true {
                    launch { [self] in
                        await Task.yield()
                        store.value += 1
                        shown = store.value
                        publish()
                    }
                    return .started
                }
                store.value += 1
                shown = store.value
            case StandardAction.filter:
                filter = arguments.string(StandardParam.text) ?? ""
            case StandardAction.reload:
                reloads += 1
                shown = store.value
            default:
                return try await super.perform(action, arguments)
            }
            publish()
            return .done
        }
    }

    final class Catalog: ScreenCatalog {
        let store = Store()
        var made: [Counter] = []
        var screens: [ScreenDescriptor] {
            [ScreenDescriptor(id: "counter", title: "Counter", summary: "", params: [
                ParamDescriptor(name: "form", label: "Form", kind: .bool, required: false),
                ParamDescriptor(name: "fetching", label: "Fetching", kind: .bool, required: false),
            ], actions: Counter.actions)]
        }
        func makeScreen(_ request: ScreenRequest) throws(ScreenError) -> any Screen {
            let screen = Counter(
                store: store, form: request.params.bool("form") ?? false, fetching: request.params.bool("fetching") ?? false)
            made.append(screen)
            return screen
        }
    }

    let base = Catalog()

    @Test func eachOpenIsItsOwnViewModelAndAFilterStaysWithIt() async throws {
        let shared = SharedDataCatalog(base: base)
        let first = try await shared.open(ScreenRequest(screen: "counter"))
        let second = try await shared.open(ScreenRequest(screen: "counter"))
        #expect(base.made.count == 2)
        _ = try await first.run(StandardAction.filter, [StandardParam.text: .string("queen")])
        await shared.settle()
        #expect(first.snapshot.content.list?.filter == "queen")
        #expect(second.snapshot.content.list?.filter == "")
        // A view action commits nothing: nobody reads again.
        #expect(base.made.map(\.reloads) == [0, 0])
    }

    @Test func aChangeByOneIsReadAgainByTheOthersNotByItself() async throws {
        let shared = SharedDataCatalog(base: base)
        let first = try await shared.open(ScreenRequest(screen: "counter"))
        let second = try await shared.open(ScreenRequest(screen: "counter"))
        _ = try await second.run(StandardAction.filter, [StandardParam.text: .string("own")])
        var seen = 0
        let token = second.changes.observe { _ in seen += 1 }
        _ = try await first.run("bump")
        await Self.eventually { seen > 0 }
        await shared.settle()
        #expect(second.snapshot.title == "1")
        #expect(second.snapshot.content.list?.filter == "own", "the reload keeps the client's own filter")
        #expect(base.made.map(\.reloads) == [0, 1])
        token.cancel()
    }

    @Test func twoClientsChangingAtOnceEachReadTheOthersChange() async throws {
        let shared = SharedDataCatalog(base: base)
        let first = try await shared.open(ScreenRequest(screen: "counter"))
        let second = try await shared.open(ScreenRequest(screen: "counter"))
        let third = try await shared.open(ScreenRequest(screen: "counter"))
        _ = try await first.run("bump")
        _ = try await second.run("bump")
        await shared.settle()
        // Whether the two commits are answered in one round or two, every
        // screen ends showing both.
        #expect([first.snapshot.title, second.snapshot.title, third.snapshot.title] == ["2", "2", "2"])
    }

    @Test func backgroundWorkIsWaitedForBeforeTheOthersRead() async throws {
        let shared = SharedDataCatalog(base: base)
        let first = try await shared.open(ScreenRequest(screen: "counter"))
        let second = try await shared.open(ScreenRequest(screen: "counter"))
        _ = try await first.run("bump", ["later": .bool(true)])
        await first.settle()
        await Self.eventually { second.snapshot.title == "1" }
        await shared.settle()
        #expect(second.snapshot.title == "1")
    }

    @Test func formsAndFetchingReloadsAndClosedScreensAreLeftAlone() async throws {
        let shared = SharedDataCatalog(base: base)
        let actor = try await shared.open(ScreenRequest(screen: "counter"))
        let form = try await shared.open(ScreenRequest(screen: "counter", params: ["form": .bool(true)]))
        let fetching = try await shared.open(ScreenRequest(screen: "counter", params: ["fetching": .bool(true)]))
        let closed = try await shared.open(ScreenRequest(screen: "counter"))
        let plain = try await shared.open(ScreenRequest(screen: "counter"))
        closed.close()
        closed.close()
        #expect(shared.openCount == 4)
        _ = try await actor.run("bump")
        await Self.eventually { plain.snapshot.title == "1" }
        await shared.settle()
        #expect(base.made.map(\.reloads) == [0, 0, 0, 0, 1])
        _ = form
        _ = fetching
    }

    @Test func dataChangedElsewhereIsReadByEveryScreen() async throws {
        let shared = SharedDataCatalog(base: base)
        let first = try await shared.open(ScreenRequest(screen: "counter"))
        let second = try await shared.open(ScreenRequest(screen: "counter"))
        base.store.value = 5
        shared.dataChanged()
        await shared.settle()
        #expect([first.snapshot.title, second.snapshot.title] == ["5", "5"])
    }

    /// Yields to the main actor until `condition` holds (the change is
    /// delivered by tasks this test does not hold), for at most a while.
    static func eventually(_ condition: () -> Bool) async {
        let deadline = ContinuousClock.now + .seconds(5)
        while !condition(), ContinuousClock.now < deadline { await Task.yield() }
    }
}
