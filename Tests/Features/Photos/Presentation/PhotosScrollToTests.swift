import Foundation
import KernelDomain
import KernelPresentation
import PhotosDomain
import PhotosPresentation
import ScreenKit
import TestSupport
import Testing

/// The photos screen answers the same standard `scroll-to` as the playlist:
/// one read puts the page holding the row, and the next one, in the window.
@MainActor
@Suite struct PhotosScrollToTests {
    let store = InMemoryPhotoStore(StubPhotoSource.sample(5000), fetchedAt: Date(timeIntervalSince1970: 1_790_000_000))

    func model() -> PhotosViewModel {
        let catalog = PhotoCatalog(store: store, source: StubPhotoSource(StubPhotoSource.sample(5000)), now: { Date() })
        return PhotosViewModel(catalog: catalog, baseURL: { "https://api.test" }, pageSize: 50, offline: true)
    }

    @Test func scrollToPutsThePageHoldingTheRowInTheWindow() async throws {
        let vm = model()
        await vm.start()
        await vm.settle()
        let offered = try #require(vm.snapshot.actions.first { $0.name == StandardAction.scrollTo })
        #expect(offered.enabled && offered.effect == .view && offered == ActionDescriptor.scrollTo)
        _ = try await vm.run(StandardAction.scrollTo, [StandardParam.offset: .int(2_549)])
        let list = try #require(vm.snapshot.content.list)
        #expect(list.offset == 2_500 && list.items.count == 100 && list.total == 5000)
        #expect(list.items.first?.id == "2501")
        _ = try await vm.run(StandardAction.loadMore)
        #expect(vm.snapshot.content.list?.items.last?.id == "2650")
    }
}
