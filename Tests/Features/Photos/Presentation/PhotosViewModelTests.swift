import Foundation
import KernelDomain
import KernelPresentation
import PhotosDomain
import PhotosPresentation
import ScreenKit
import TestSupport
import Testing

/// The photos screen against in-memory doubles of its ports: the title
/// rules, the cache-first opening, errors that keep the cached list, paging.
@MainActor
@Suite struct PhotosViewModelTests {
    nonisolated static let fetchedAt = Date(timeIntervalSince1970: 1_790_000_000)
    nonisolated static let now = fetchedAt.addingTimeInterval(3 * 3600 + 120)
    let source = StubPhotoSource(StubPhotoSource.sample(5000))

    func catalog(_ store: InMemoryPhotoStore) -> PhotoCatalog {
        PhotoCatalog(store: store, source: source, now: { Self.now })
    }

    func model(_ store: InMemoryPhotoStore, offline: Bool = false, page: Int = 1) -> PhotosViewModel {
        PhotosViewModel(catalog: catalog(store), baseURL: { "https://api.test" }, page: page, pageSize: 50, offline: offline)
    }

    func cached(_ count: Int = 120) -> InMemoryPhotoStore {
        InMemoryPhotoStore(StubPhotoSource.sample(count), fetchedAt: Self.fetchedAt)
    }

    // MARK: The title rules (seed 003)

    @Test func titleIsTheDefaultWhenOpened() async {
        let vm = model(cached())
        await vm.start()
        #expect(vm.snapshot.title == "Photos")
        await vm.settle()
        #expect(vm.snapshot.title == "Photos")
    }

    @Test func selectingAPhotoMakesItsTitleTheScreensTitle() async throws {
        let vm = model(cached())
        await vm.start()
        await vm.settle()
        _ = try await vm.run(StandardAction.select, [StandardParam.item: .string("7")])
        #expect(vm.title == "photo 7 title")
        #expect(vm.snapshot.title == "photo 7 title")
        #expect(vm.snapshot.content.list?.items.first { $0.id == "7" }?.badges == ["selected"])
        // A photo outside the window is looked up in the cache.
        _ = try await vm.run(StandardAction.select, [StandardParam.item: .int(4321)])
        #expect(vm.snapshot.title == "photo 4321 title")
    }

    @Test func reloadFirstResetsTheTitleThenLoads() async throws {
        let vm = model(cached())
        await vm.start()
        await vm.settle()
        _ = try await vm.run(StandardAction.select, [StandardParam.item: .string("3")])
        source.hold = true
        let recorder = SnapshotRecorder(vm)
        let reload = Task { try await vm.run(StandardAction.reload) }
        while source.requestCount < 2 { await Task.yield() }
        // Mid-reload: the default title is back before anything was loaded.
        #expect(vm.snapshot.title == "Photos")
        #expect(vm.snapshot.status.kind == .loading)
        #expect(vm.selectedID == nil)
        source.release()
        _ = try await reload.value
        // The first snapshot after the command already has the default title,
        // and it says the fetch is running (not the old fetch's notice).
        #expect(recorder.snapshots.first?.title == "Photos")
        #expect(recorder.snapshots.first?.status.kind == .loading)
        #expect(vm.snapshot.title == "Photos")
        #expect(vm.snapshot.status == .notice("Fetched 5,000 photos."))
        #expect(vm.total == 5000)
    }

    @Test func selectingAnUnknownPhotoIsNotFoundAndKeepsTheTitle() async throws {
        let vm = model(cached())
        await vm.start()
        await vm.settle()
        await #expect(throws: ScreenError.self) { try await vm.run(StandardAction.select, [StandardParam.item: .int(999_999)]) }
        do {
            _ = try await vm.run(StandardAction.select, [StandardParam.item: .int(999_999)])
        } catch {
            #expect(error.kind == .notFound)
            #expect(error.code == "photos.not_found")
            #expect(error.message == "An Error Occurred: No cached photo has id 999999.")
        }
        #expect(vm.snapshot.title == "Photos")
    }

    // MARK: Cache first, refresh in the background

    @Test func openingShowsTheCacheAtOnceWithItsAgeThenRefreshes() async throws {
        let store = cached(120)
        source.hold = true
        let vm = model(store)
        await vm.start()
        // Before the refresh ends: the cached rows, how old they are, a refresh under way.
        #expect(vm.total == 120)
        #expect(vm.photos.count == 50)
        let fetched = vm.snapshot.content.detail?.rows.first { $0.id == "fetchedAt" }
        #expect(fetched?.value.hasPrefix("3 h ago") == true)
        #expect(fetched?.type == .datetime)
        #expect(fetched?.data == .string("2026-09-21T14:13:20Z"))
        #expect(vm.snapshot.status.kind == .loading)
        #expect(vm.snapshot.status.message?.contains("showing the list fetched 3 h ago") == true)
        #expect(vm.isBusy)
        source.release()
        await vm.settle()
        #expect(vm.total == 5000)
        #expect(store.replaceCount == 1)
        #expect(vm.snapshot.content.detail?.rows.first { $0.id == "fetchedAt" }?.value.hasPrefix("just now") == true)
    }

    @Test func offlineOpeningReadsOnlyTheCache() async {
        let vm = model(cached(), offline: true)
        await vm.start()
        await vm.settle()
        #expect(source.requestCount == 0)
        #expect(vm.total == 120)
        #expect(vm.snapshot.status == .idle)
    }

    @Test func offlineWithoutACacheSaysHowToFetch() async {
        let vm = model(InMemoryPhotoStore(), offline: true)
        await vm.start()
        #expect(vm.snapshot.status.kind == .notice)
        #expect(vm.snapshot.content.list?.items.isEmpty == true)
        #expect(vm.snapshot.action(StandardAction.filter)?.disabledReason == "No photos are cached yet; reload to fetch them.")
        #expect(vm.snapshot.action(StandardAction.reload)?.enabled == true)
    }

    // MARK: Errors keep the cached list

    @Test(arguments: [
        (PhotoError.connectionRefused(url: "http://127.0.0.1:9/photos"), "photos.connection_refused", "connection was refused"),
        (PhotoError.timeout(url: "http://h/photos", seconds: 5), "photos.timeout", "did not answer within 5 s"),
        (PhotoError.httpStatus(url: "http://h/photos", status: 500), "photos.http_status", "answered HTTP 500 (Internal Server Error)"),
        (PhotoError.emptyBody(url: "http://h/photos"), "photos.empty_body", "empty body"),
        (PhotoError.malformedJSON(offset: 1000, reason: "unexpected end of input"), "photos.malformed_json", "at byte 1000"),
        (PhotoError.missingField(index: 1, field: "thumbnailUrl"), "photos.missing_field", #"Photo record 2 (index 1) has no "thumbnailUrl" field"#),
        (PhotoError.wrongType(index: 2, field: "albumId", expected: "a whole number", found: "a string"), "photos.wrong_type", #"Photo record 3 (index 2): "albumId" should be a whole number, but it is a string"#),
        (PhotoError.bodyTooLarge(url: "http://h/photos", limit: 16 << 20), "photos.body_too_large", "16 MiB"),
    ])
    func aFailedRefreshKeepsTheCachedListAndShowsTheError(error: PhotoError, code: String, text: String) async throws {
        let store = cached(120)
        source.fail(error)
        let vm = model(store)
        await vm.start()
        await vm.settle()
        let status = vm.snapshot.status
        // An unreachable server over a cache is a warning: the cache is the answer.
        let unreachable = error == .connectionRefused(url: "http://127.0.0.1:9/photos")
        #expect(status.kind == (unreachable ? .warning : .error))
        #expect(status.code == code)
        #expect(status.message?.hasPrefix(unreachable ? "Photos server api.test unreachable; showing the cache from" : "An Error Occurred: ") == true,
                "\(status.message ?? "")")
        #expect(status.message?.contains(text) == true, "\(status.message ?? "")")
        #expect(vm.total == 120)
        #expect(vm.snapshot.content.list?.items.count == 50)
        #expect(store.all.count == 120)
        #expect(store.replaceCount == 0)

        // Reload reports the same error to the caller (CLI exit 1, JSON-RPC error), title reset, list kept.
        do {
            _ = try await vm.run(StandardAction.reload)
            Issue.record("reload should have failed")
        } catch {
            #expect(error.code == code)
            #expect(error.kind == .failed)
            #expect(error.message.hasPrefix("An Error Occurred: "))
        }
        #expect(vm.snapshot.title == "Photos")
        #expect(vm.total == 120)
    }

    @Test func aStoreFailureStoresNothingAndSaysSo() async {
        let store = cached(120)
        store.failNextReplace = StorageError(.full, "disk full")
        let vm = model(store)
        await vm.start()
        await vm.settle()
        #expect(vm.snapshot.status.code == "storage.full")
        #expect(vm.snapshot.status.message?.hasPrefix("An Error Occurred: The disk is full") == true)
        #expect(store.all.count == 120)
    }

    @Test func duplicateIdsAreRefusedBeforeTheCacheIsTouched() async {
        let store = cached(120)
        var photos = StubPhotoSource.sample(3)
        photos[2].id = 1
        source.answer(photos)
        let vm = model(store)
        await vm.start()
        await vm.settle()
        #expect(vm.snapshot.status.code == "photos.duplicate_id")
        #expect(store.replaceCount == 0)
    }

    // MARK: Filter, album, sort, pages

    @Test func filterByAlbumAndTitleAndSortByAlbum() async throws {
        let vm = model(cached(500), offline: true)
        await vm.start()
        _ = try await vm.run("album", ["album": .string("3")])
        #expect(vm.total == 50)
        #expect(vm.photos.allSatisfy { $0.albumId == 3 })
        #expect(vm.snapshot.content.detail?.rows.contains { $0.id == "album" && $0.data == .int(3) } == true)
        _ = try await vm.run(StandardAction.filter, [StandardParam.text: .string("photo 12")])
        #expect(vm.photos.map(\.id) == Array(120...129))
        _ = try await vm.run("album", [:])
        #expect(vm.album == nil)
        _ = try await vm.run(StandardAction.filter, [StandardParam.text: .string("")])
        #expect(vm.total == 500)
        _ = try await vm.run(StandardAction.sort, [StandardParam.by: .string("title")])
        #expect(vm.snapshot.content.list?.sort == "title")
        #expect(vm.photos.first?.id == 1)
        #expect(vm.photos[1].id == 10)
        _ = try await vm.run(StandardAction.sort, [StandardParam.by: .string("album")])
        #expect(vm.photos.first?.albumId == 1)
    }

    @Test func pagesComeFromTheStoreAWindowAtATime() async throws {
        let store = cached(5000)
        let vm = model(store, offline: true)
        await vm.start()
        _ = try await vm.run("page", ["number": .int(100)])
        #expect(vm.offset == 4950)
        #expect(vm.photos.count == 50)
        #expect(vm.photos.last?.id == 5000)
        #expect(vm.snapshot.action(StandardAction.loadMore)?.disabledReason == "This is the last page.")
        _ = try await vm.run(StandardAction.loadPrevious)
        #expect(vm.offset == 4900)
        for _ in 0..<20 { _ = try? await vm.run(StandardAction.loadPrevious) }
        #expect(vm.photos.count <= vm.windowLimit)
        #expect(store.pageRequests.allSatisfy { $0.limit <= 50 })
        await #expect(throws: ScreenError.self) { try await vm.run("page", ["number": .int(101)]) }
    }

    @Test func openingAtAPageTheCacheDoesNotHaveIsAnError() async {
        let vm = model(cached(120), offline: true, page: 9)
        await vm.start()
        #expect(vm.snapshot.status.code == "photos.invalid_page")
    }

    // MARK: The table and navigation

    @Test func rowsAreTypedIncludingBothURLs() async throws {
        let vm = model(cached(), offline: true)
        await vm.start()
        let list = try #require(vm.snapshot.content.list)
        #expect(list.columns.map(\.id) == ["id", "album", "title", "url", "thumbnailUrl"])
        #expect(list.column("url")?.type == .url)
        #expect(list.column("thumbnailUrl")?.type == .url)
        #expect(list.column("id")?.type == .integer)
        let row = try #require(list.items.first)
        #expect(row.values["id"] == .int(1))
        #expect(row.values["album"] == .int(1))
        #expect(row.values["title"] == .string("photo 1 title"))
        #expect(row.values["url"] == .string("https://via.placeholder.com/600/1"))
        #expect(row.values["thumbnailUrl"] == .string("https://via.placeholder.com/150/1"))
        for column in list.columns { #expect(column.type.admits(row.values[column.id] ?? .null)) }
    }

    @Test func openNavigatesToTheDetailAndOpenURLUsesTheOpener() async throws {
        let opened = OpenedURLs()
        let vm = PhotosViewModel(
            catalog: catalog(cached()), baseURL: { "https://api.test" }, opener: { url in await opened.add(url) }, offline: true)
        await vm.start()
        let outcome = try await vm.run(StandardAction.open, [StandardParam.item: .string("5")])
        #expect(outcome.navigate == ScreenRequest(screen: "photo", params: ["id": .int(5)]))
        let open = try await vm.run(StandardAction.openURL, [StandardParam.item: .string("5")])
        #expect(open.openURL == "https://via.placeholder.com/600/5")
        #expect(await opened.urls == ["https://via.placeholder.com/600/5"])
        #expect(vm.title == "Photos")
    }
}

/// What an opener double was asked to open.
actor OpenedURLs {
    var urls: [String] = []
    /// Records `url`; true, as a browser would have been started.
    @discardableResult func add(_ url: String) -> Bool {
        urls.append(url)
        return true
    }
}
