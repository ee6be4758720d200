import BookmarksDomain
import BookmarksPresentation
import Foundation
import ScreenKit
import Testing

/// The port in memory, for unit tests of the view model.
actor InMemoryBookmarkStore: BookmarkStore {
    private var saved: [Bookmark] = []

    func bookmarks() -> [Bookmark] { saved.reversed() }

    func add(url: String, title: String, at date: Date) throws -> Bookmark {
        guard !saved.contains(where: { $0.url == url }) else { throw BookmarkError.duplicate(url) }
        let bookmark = Bookmark(id: Int64(saved.count + 1), url: url, title: title, addedAt: date)
        saved.append(bookmark)
        return bookmark
    }

    func remove(id: Int64) throws {
        guard saved.contains(where: { $0.id == id }) else { throw BookmarkError.notFound(id) }
        saved.removeAll { $0.id == id }
    }
}

/// Unit: the snapshot follows the typed state; actions say why they are off.
@MainActor
@Suite struct BookmarksViewModelTests {
    func model() -> BookmarksViewModel {
        BookmarksViewModel(store: InMemoryBookmarkStore(), now: { Date(timeIntervalSince1970: 1_790_000_000) })
    }

    @Test func emptyListSaysWhyOpenAndRemoveAreOff() async {
        let model = model()
        await model.start()
        #expect(model.snapshot.action(StandardAction.openURL)?.disabledReason == "There are no bookmarks yet.")
        #expect(model.snapshot.action("remove")?.enabled == false)
        #expect(model.snapshot.content.list?.columns.map(\.type) == [.text, .url, .datetime, .integer])
    }

    @Test func addingGivesTypedValuesAndOpenURLReturnsIt() async throws {
        let model = model()
        await model.start()
        _ = try await model.run(BookmarksViewModel.addAction, ["url": .string(" https://swift.org/documentation ")])
        let row = try #require(model.snapshot.content.list?.items.first)
        #expect(row.title == "swift.org")
        #expect(row.values["url"] == .string("https://swift.org/documentation"))
        #expect(row.values["added"] == .string("2026-09-21T14:13:20Z"))
        #expect(row.values["id"] == .int(1))
        #expect(model.snapshot.content.detail?.rows.map(\.data) == [.int(1), .int(1)])
        let outcome = try await model.run(StandardAction.openURL, [StandardParam.item: .string("1")])
        #expect(outcome.openURL == "https://swift.org/documentation")
    }

    @Test func badAndDuplicateURLsAreRefusedWithTheirReason() async throws {
        let model = model()
        await model.start()
        await #expect(throws: ScreenError.self) { _ = try await model.run(BookmarksViewModel.addAction, ["url": .string("ftp://x")]) }
        _ = try await model.run(BookmarksViewModel.addAction, ["url": .string("https://swift.org"), "title": .string("Swift")])
        do {
            _ = try await model.run(BookmarksViewModel.addAction, ["url": .string("https://swift.org")])
            Issue.record("a duplicate was accepted")
        } catch {
            #expect((error as any Error as? ScreenError)?.code == "bookmarks.duplicate")
        }
        #expect(model.bookmarks.map(\.title) == ["Swift"])
    }
}
