import Crypto
import Domain
import Foundation

/// Reads a photo list's body while it arrives (an `HTTPBodyReader`): keeps
/// the bytes, hashes them, and reads every record that has arrived whole.
/// The transfer keeps one core busy (the event loop, and on a loopback
/// test the server too); this runs on the other, so when the last byte
/// comes little is left to parse or hash.
final class PhotoListReader: HTTPBodyReader {
    private var body: [UInt8] = []
    private var hasher = SHA256()
    private var progress = PhotoListParser.Progress()

    func begin(expectedLength: Int?) {
        body = []
        if let expectedLength { body.reserveCapacity(expectedLength) }
        hasher = SHA256()
        progress = PhotoListParser.Progress()
    }

    func read(_ bytes: UnsafeRawBufferPointer) {
        body.append(contentsOf: bytes)
        hasher.update(bufferPointer: bytes)
        progress.advance(over: body)
    }

    /// The list and its fingerprint, the SHA-256 of the body: the same bytes
    /// parse to the same list, so the cache can skip comparing rows when a
    /// refresh fetched the list it holds (JSONPlaceholder's never changes).
    func finish(url: String) throws(PhotoError) -> FetchedPhotos {
        FetchedPhotos(try progress.finish(body, url: url), fingerprint: Data(hasher.finalize()))
    }
}
