import Foundation
import KernelDomain
@testable import KernelServices
import PhotosDomain
@testable import PhotosServices
import TestSupport
import Testing

/// The live photo source: the shared HTTP client against the loopback
/// fixture, every failure mapped to the photo error a user will read.
@Suite(.serialized) struct HTTPPhotoSourceTests {
    let fixture: PhotosFixtureServer

    init() throws { fixture = try PhotosFixtureServer.shared() }

    /// Runs `body` with a fresh live client, always shut down afterwards.
    /// (A loaded test machine can take seconds for 5,000 photos, so only the
    /// timeout case gets a short limit.)
    func withClient<T>(timeout: Duration = .seconds(120), _ body: (LiveHTTPClient) async throws -> T) async throws -> T {
        let client = LiveHTTPClient(configuration: HTTPClientConfiguration(
            connectTimeout: .seconds(2), requestTimeout: timeout, retryBaseDelay: .milliseconds(5)))
        do {
            let result = try await body(client)
            await client.shutdown()
            return result
        } catch {
            await client.shutdown()
            throw error
        }
    }

    func photos(_ base: String, album: Int? = nil) async throws -> [Photo] {
        Array(try await fetched(base, album: album).photos)
    }

    func fetched(_ base: String, album: Int? = nil) async throws -> FetchedPhotos {
        try await withClient { try await HTTPPhotoSource(client: $0).photos(baseURL: base, album: album) }
    }

    /// The exact bytes the fixture serves at `url`.
    func body(_ url: String) async throws -> [UInt8] {
        try await withClient { client in try await client.send(HTTPRequest(.get, url: url)).body }
    }

    func failure(_ base: String, limit: Int = PhotoRules.bodyLimit, timeout: Duration = .seconds(20)) async -> PhotoError? {
        do {
            _ = try await withClient(timeout: timeout) { try await HTTPPhotoSource(client: $0, bodyLimit: limit).photos(baseURL: base, album: nil) }
            return nil
        } catch let error as PhotoError {
            return error
        } catch {
            Issue.record("not a PhotoError: \(error)")
            return nil
        }
    }

    @Test func fetchesAllFiveThousandAndTheAPIsAlbumFilter() async throws {
        let all = try await photos(fixture.baseURL("ok"))
        #expect(all.count == 5000)
        #expect(all[49].albumId == 1 && all[50].albumId == 2)
        let album = try await photos(fixture.baseURL("ok") + "/", album: 42)
        #expect(album.count == 50)
        #expect(album.allSatisfy { $0.albumId == 42 })
        #expect(album == all.filter { $0.albumId == 42 })
    }

    @Test func everyFailureIsThePhotoErrorAUserReads() async {
        let base = fixture.baseURL("")
        let url = { (mode: String) in "\(base)\(mode)/photos" }
        #expect(await failure(fixture.baseURL("status/500")) == .httpStatus(url: url("status/500"), status: 500))
        #expect(await failure(fixture.baseURL("status/404")) == .httpStatus(url: url("status/404"), status: 404))
        #expect(await failure(fixture.baseURL("empty")) == .emptyBody(url: url("empty")))
        #expect(await failure(fixture.baseURL("truncated")) == .malformedJSON(offset: 1000, reason: "unexpected end of input in a string"))
        #expect(await failure(fixture.baseURL("wrongtype")) == .wrongType(index: 2, field: "albumId", expected: "a whole number", found: "a string"))
        #expect(await failure(fixture.baseURL("missing")) == .missingField(index: 1, field: "thumbnailUrl"))
        #expect(await failure(fixture.baseURL("huge/2000000"), limit: 1_000_000) == .bodyTooLarge(url: url("huge/2000000"), limit: 1_000_000))
        // Without a Content-Length the cap is found while reading, chunk by chunk.
        #expect(await failure(fixture.baseURL("chunked-huge/2000000"), limit: 1_000_000)
            == .bodyTooLarge(url: url("chunked-huge/2000000"), limit: 1_000_000))
        let closed = "http://127.0.0.1:\(LoopbackPort.vacant())"
        #expect(await failure(closed) == .connectionRefused(url: closed + "/photos"))
        if case .timeout(let timedOut, _)? = await failure(fixture.baseURL("slow/3000"), timeout: .milliseconds(800)) {
            #expect(timedOut == url("slow/3000"))
        } else {
            Issue.record("a slow answer should time out")
        }
        #expect(await failure("ftp://example.com") == .invalidBaseURL("ftp://example.com"))
    }

    /// A chunked answer (no Content-Length to size the buffer from) arrives
    /// whole and in order, and one exactly at the cap is still accepted.
    @Test func aChunkedListArrivesWholeAndTheCapIsInclusive() async throws {
        let chunked = try await photos(fixture.baseURL("chunked"))
        #expect(chunked == (try await photos(fixture.baseURL("ok"))))
        let exact = try await withClient { client in
            try await client.send(HTTPRequest(.get, url: fixture.baseURL("chunked-huge/99997") + "/photos", bodyLimit: 100_000))
        }
        #expect(exact.body.count == 100_000)
        #expect(exact.body.first == UInt8(ascii: "[") && exact.body.last == UInt8(ascii: "]"))
    }

    @Test func titlesWithEscapesAndWideCharactersArriveExactly() async throws {
        let photos = try await photos(fixture.baseURL("escapes"))
        #expect(photos.map(\.title).contains("写真の題名 📷 photo"))
        #expect(photos.map(\.title).contains("red \u{1B}[31mALERT\u{1B}[0m \u{1B}]0;pwned\u{07} bell\u{07} end"))
        #expect(photos.map(\.title).contains("cafe\u{301} combining e\u{301}"))
    }

    /// The fingerprint is the SHA-256 of the body, however many pieces it
    /// came in (the 1 MB list, one album's 50 photos, a chunked answer): the
    /// same list twice gives the same one, a changed list another.
    @Test func theFingerprintIsTheBodysHash() async throws {
        let base = fixture.baseURL("ok")
        let whole = try await fetched(base)
        #expect(whole.photos.count == 5000)
        let wholeBody = try await body(base + "/photos")
        #expect(whole.fingerprint == Data(SHA256.hash(data: wholeBody)))
        #expect(try await fetched(base).fingerprint == whole.fingerprint)
        #expect(try await fetched(fixture.baseURL("chunked")) == whole)
        let album = try await fetched(base, album: 3)
        let albumBody = try await body(base + "/photos?albumId=3")
        #expect(album.photos.count == 50)
        #expect(album.fingerprint == Data(SHA256.hash(data: albumBody)))
        let changing = fixture.baseURL("alternating")
        let first = try await fetched(changing)
        let second = try await fetched(changing)
        #expect(first.photos.map(\.id) == second.photos.map(\.id))
        #expect(first.photos.map(\.title) != second.photos.map(\.title))
        #expect(first.fingerprint != second.fingerprint)
    }

    /// A body that breaks off after many whole records (read while it
    /// arrived) says where reading stopped, in bytes, as a whole one would.
    @Test func aBodyCutOffLateSaysWhere() async {
        let cut = 200_007
        guard case .malformedJSON(let offset, _)? = await failure(fixture.baseURL("truncated/\(cut)")) else {
            Issue.record("a truncated body was not reported as malformed JSON")
            return
        }
        #expect(offset == cut)
    }
}
