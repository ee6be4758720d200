/// Takes a successful answer's body piece by piece as it arrives, so a
/// caller can start on the first bytes (read records, hash) while the rest
/// is still on the wire, instead of after the last (see
/// `HTTPClient.send(_:reading:)`).
///
/// Called on the calling task only, in order: `begin` before each body (a
/// retried request starts again, so it forgets what it read), then `read`
/// with each piece.
public protocol HTTPBodyReader: AnyObject {
    func begin(expectedLength: Int?)
    func read(_ bytes: UnsafeRawBufferPointer)
}
