import Foundation
import KernelDomain
import KernelPresentation
import PhotosDomain
import PhotosPresentation
import ScreenKit
import TestSupport
import Testing

@MainActor
@Suite struct PhotoDetailViewModelTests {
    let store = InMemoryPhotoStore(StubPhotoSource.sample(10), fetchedAt: Date(timeIntervalSince1970: 1_790_000_000))

    func model(_ id: Int, opener: (@Sendable (String) async throws -> Bool)? = nil) -> PhotoDetailViewModel {
        PhotoDetailViewModel(
            catalog: PhotoCatalog(store: store, source: StubPhotoSource(), now: { Date(timeIntervalSince1970: 1_790_000_030) }),
            id: id, opener: opener)
    }

    @Test func showsEveryFieldTyped() async throws {
        let vm = model(7)
        await vm.start()
        let rows = try #require(vm.snapshot.content.detail?.rows)
        #expect(rows.map(\.id) == ["id", "albumId", "title", "url", "thumbnailUrl", "fetchedAt"])
        #expect(rows[0].data == .int(7) && rows[0].type == .integer)
        #expect(rows[1].data == .int(1))
        #expect(rows[2].value == "photo 7 title")
        #expect(rows[3].type == .url && rows[3].data == .string("https://via.placeholder.com/600/7"))
        #expect(rows[4].type == .url && rows[4].data == .string("https://via.placeholder.com/150/7"))
        #expect(rows[5].value.hasPrefix("just now"))
        #expect(vm.snapshot.title == "photo 7 title")
        #expect(vm.snapshot.status == .idle)
    }

    @Test func openURLOpensTheImageNotTheThumbnail() async throws {
        let opened = OpenedURLs()
        let vm = model(3, opener: { await opened.add($0) })
        await vm.start()
        let outcome = try await vm.run(StandardAction.openURL)
        #expect(outcome.openURL == "https://via.placeholder.com/600/3")
        #expect(await opened.urls == ["https://via.placeholder.com/600/3"])
    }

    @Test func anOpenerFailureIsShownWithTheHeading() async throws {
        let vm = model(3, opener: { _ in throw PhotoError.invalidBaseURL("x") })
        await vm.start()
        await #expect(throws: ScreenError.self) { try await vm.run(StandardAction.openURL) }
    }

    @Test func anUnknownIdIsNotFoundAndCannotBeOpened() async {
        let vm = model(99)
        await vm.start()
        #expect(vm.snapshot.status.code == "photos.not_found")
        #expect(vm.snapshot.status.message == "An Error Occurred: No cached photo has id 99.")
        #expect(vm.snapshot.action(StandardAction.openURL)?.enabled == false)
        #expect(vm.snapshot.title == "Photo 99")
    }
}
