import KernelDomain
import KernelServices
import PhotosDomain

/// Reads a photo list's body while it arrives (an `HTTPBodyReader`): reads
/// every record that has arrived whole (see `PhotoListParser.Progress`).
/// The event loop receives (and hashes) the pieces on one core while this
/// parses on the other, so when the last byte comes little is left to do.
final class PhotoListReader: HTTPBodyReader {
    private var progress = PhotoListParser.Progress()

    func begin(expectedLength: Int?) {
        progress = PhotoListParser.Progress()
    }

    func read(_ bytes: UnsafeRawBufferPointer) {
        progress.append(bytes)
    }

    /// The whole list, or exactly what `PhotoListParser.parse` of the whole
    /// body would throw.
    func finish(url: String) throws(PhotoError) -> PhotoList {
        try progress.finish(url: url)
    }
}
