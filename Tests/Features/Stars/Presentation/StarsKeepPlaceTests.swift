import Foundation
import KernelDomain
import KernelPresentation
import ScreenKit
import StarsDomain
import StarsPresentation
import TestSupport
import Testing

/// A refresh, a star or an unstar reads the list again with the same query:
/// every row loaded so far stays loaded, so a front end's cursor far down
/// the list (after End) is not sent back to the first page.
@MainActor
@Suite struct StarsKeepPlaceTests {
    let source = ScriptedStarredSource(sampleStars(8))
    let store = InMemoryStarStore()

    func model() async throws -> StarsViewModel {
        let (account, _, _) = makeAccount()
        _ = try await account.signIn(PersonName(first: "Ada", last: "Lovelace"))
        _ = try await account.update([.githubUser("octo"), .githubToken("t")])
        let access = StarsAccess(
            library: StarsLibrary(source: source, store: store), opener: RecordingURLOpener(hasBrowser: false), account: account,
            token: { _ in "secret-token" })
        return StarsViewModel(access: access, refresh: .auto, pageSize: 3)
    }

    func names(_ vm: StarsViewModel) -> [String] { vm.snapshot.content.list?.items.map(\.title) ?? [] }

    @Test func aRefreshKeepsEveryLoadedRow() async throws {
        let vm = try await model()
        await vm.start()
        await vm.settle()
        while vm.hasMore { try await vm.run("load-more") }
        let loaded = names(vm)
        #expect(loaded.count == 8)
        _ = try await vm.run("reload")
        await vm.settle()
        #expect(names(vm) == loaded)
        #expect(vm.snapshot.content.list?.hasMore == false)
    }

    @Test func anUnstarKeepsTheOtherLoadedRows() async throws {
        let vm = try await model()
        await vm.start()
        await vm.settle()
        try await vm.run("load-more")
        let loaded = names(vm)
        #expect(loaded.count == 6)
        try await vm.unstar(fullName: loaded[0])
        // As many rows as were loaded: the next star moves up into the gap.
        #expect(names(vm).count == loaded.count)
        #expect(Array(names(vm).prefix(5)) == Array(loaded.dropFirst()))
    }

    /// A new query starts again from the top: only its first page.
    @Test func aNewSearchStartsFromTheFirstPage() async throws {
        let vm = try await model()
        await vm.start()
        await vm.settle()
        while vm.hasMore { try await vm.run("load-more") }
        try await vm.search("repo")
        #expect(names(vm).count == 3)
    }
}
