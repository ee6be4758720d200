import Foundation
import KernelDomain
import KernelPresentation
import PhotosDomain
import PhotosPresentation
import ScreenKit
import TestSupport
import Testing

/// A refresh of the photos keeps every row loaded so far, and the page
/// detail names the pages the loaded rows reach.
@MainActor
@Suite struct PhotosKeepPlaceTests {
    nonisolated static let fetchedAt = Date(timeIntervalSince1970: 1_790_000_000)
    let source = StubPhotoSource(StubPhotoSource.sample(300))

    func model() -> PhotosViewModel {
        let store = InMemoryPhotoStore(StubPhotoSource.sample(300), fetchedAt: Self.fetchedAt)
        let catalog = PhotoCatalog(store: store, source: source, now: { Self.fetchedAt.addingTimeInterval(60) })
        return PhotosViewModel(catalog: catalog, baseURL: { "https://api.test" }, pageSize: 50)
    }

    func page(_ vm: PhotosViewModel) -> DetailRow? { vm.snapshot.content.detail?.rows.first { $0.id == "page" } }

    @Test func aRefreshKeepsEveryLoadedRow() async throws {
        let vm = model()
        await vm.start()
        await vm.settle()
        #expect(page(vm)?.value == "1 of 6")
        while vm.hasMore { _ = try await vm.run(StandardAction.loadMore) }
        #expect(vm.photos.count == 300)
        #expect(page(vm)?.value == "1–6 of 6" && page(vm)?.data == .int(6))
        _ = try await vm.run(StandardAction.reload)
        await vm.settle()
        #expect(vm.photos.count == 300 && vm.offset == 0)
        #expect(vm.photos.last?.id == 300)
        #expect(page(vm)?.value == "1–6 of 6")
    }
}
