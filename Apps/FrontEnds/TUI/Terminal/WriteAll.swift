#if canImport(Glibc)
import Glibc
#endif

/// Writes every byte of `buffer` to `descriptor`, going on after a signal
/// or a partial write; false when the descriptor refuses the rest.
func writeAll(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Bool {
    var offset = 0
    while offset < buffer.count {
        let wrote = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if wrote < 0, errno == EINTR { continue }
        guard wrote > 0 else { return false }
        offset += wrote
    }
    return true
}
