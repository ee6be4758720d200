import Domain

/// Reads a photo list's body while it arrives (an `HTTPBodyReader`): keeps
/// the bytes and reads every record that has arrived whole. The event loop
/// receives (and hashes) the pieces on one core while this parses on the
/// other, so when the last byte comes little is left to do.
final class PhotoListReader: HTTPBodyReader {
    private var body: [UInt8] = []
    private var progress = PhotoListParser.Progress()

    func begin(expectedLength: Int?) {
        body = []
        if let expectedLength { body.reserveCapacity(expectedLength) }
        progress = PhotoListParser.Progress()
    }

    func read(_ bytes: UnsafeRawBufferPointer) {
        body.append(contentsOf: bytes)
        progress.advance(over: body)
    }

    /// The whole list, or exactly what `PhotoListParser.parse` of the whole
    /// body would throw.
    func finish(url: String) throws(PhotoError) -> [Photo] {
        try progress.finish(body, url: url)
    }
}
