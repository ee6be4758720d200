import Foundation
import KernelDomain
import PhotosDomain
import Testing

/// Seed 003's rules and the photo list's checks, as pure functions.
@Suite struct PhotoRulesTests {
    let photo = Photo(albumId: 2, id: 9, title: "a title", url: "https://i.test/600/9", thumbnailUrl: "https://i.test/150/9")

    @Test func theTitleRules() {
        #expect(PhotoRules.defaultTitle == "Photos")
        #expect(PhotoRules.title(selecting: photo) == "a title")
        #expect(PhotoRules.titleOnReload() == "Photos")
    }

    @Test func theErrorHeadingIsSpelledRight() {
        #expect(PhotoRules.errorHeading == "An Error Occurred")
        #expect(PhotoRules.errorMessage("x.") == "An Error Occurred: x.")
    }

    @Test func duplicateIdsAreRefused() {
        var second = photo
        second.title = "other"
        #expect(throws: PhotoError.duplicateID(index: 2, id: 9)) {
            try PhotoRules.check(PhotoList([photo, Photo(albumId: 1, id: 1, title: "", url: "", thumbnailUrl: ""), second]))
        }
        #expect(throws: Never.self) { try PhotoRules.check(PhotoList([photo])) }
    }

    /// Dense ids (checked with a flag per id) and sparse or negative ones
    /// (checked with a set) report the same first repeat, or none.
    @Test func repeatsAreFoundWhateverTheIdsLookLike() {
        func list(_ ids: [Int]) -> PhotoList { PhotoList(ids.map { Photo(albumId: 1, id: $0, title: "", url: "", thumbnailUrl: "") }) }
        for (ids, second) in [([3, 1, 2, 1, 3], 3), ([0, 5_000_000, -4, 5_000_000], 3), ([-1, -2, -1], 2), ([Int.max, 1, Int.max], 2)] {
            #expect(throws: PhotoError.duplicateID(index: second, id: ids[second]), "\(ids)") { try PhotoRules.check(list(ids)) }
        }
        for ids in [Array(1...5000), [0], [Int.min, Int.max], [7, 5_000_000, -7], []] {
            #expect(throws: Never.self, "\(ids)") { try PhotoRules.check(list(ids)) }
        }
    }

    @Test func theListURL() throws {
        #expect(try PhotoRules.listURL(baseURL: "https://jsonplaceholder.typicode.com") == "https://jsonplaceholder.typicode.com/photos")
        #expect(try PhotoRules.listURL(baseURL: "http://127.0.0.1:8080/mirror//", album: 3) == "http://127.0.0.1:8080/mirror/photos?albumId=3")
        #expect(throws: PhotoError.invalidBaseURL("file:///etc")) { try PhotoRules.listURL(baseURL: "file:///etc") }
    }

    @Test func onlyPlainHTTPSImagesAreOpened() throws {
        #expect(try PhotoRules.openableURL("https://via.placeholder.com/600/92c952") == "https://via.placeholder.com/600/92c952")
        for bad in ["http://via.placeholder.com/600/1", "javascript:alert(1)", "file:///etc/passwd",
                    "https://user:pw@host/x", "https://host/x y", "https://hóst/x", "https://host/\u{1B}[31m", "https:///nohost"] {
            #expect(throws: URLOpenError.self, "\(bad)") { try PhotoRules.openableURL(bad) }
        }
    }

    @Test func messagesNameWhatWentWrong() {
        #expect(PhotoError.connectionRefused(url: "http://127.0.0.1:9/x/photos").message
            == "Could not connect to http://127.0.0.1:9: the connection was refused (is the server running?).")
        #expect(PhotoError.httpStatus(url: "https://h/photos", status: 503).message == "https://h/photos answered HTTP 503 (Service Unavailable).")
        #expect(PhotoError.httpStatus(url: "https://h/photos", status: 418).message == "https://h/photos answered HTTP 418.")
        #expect(PhotoError.timeout(url: "https://h/photos", seconds: 1.5).message == "https://h/photos did not answer within 1.5 s.")
        #expect(PhotoError.bodyTooLarge(url: "u", limit: 16 << 20).message.contains("16 MiB"))
        #expect(PhotoError.notFound(id: 3).category == .notFound)
    }
}
