import CFileSync
import Foundation

/// Starts writing a WAL's new frames to disk as soon as a write that will
/// be folded in has committed (see `FacetDatabase.foldWALBeforeExit`).
///
/// The fold's first step syncs the WAL and waits for it; frames already on
/// their way leave it little to wait for, while the process renders its
/// answer meanwhile. Only a hint: SQLite still
/// syncs for itself, and a failure here changes nothing.
enum WALWriteback {
    static func start(_ walPath: String) {
        let fd = open(walPath, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = facet_start_writeback(fd)
        close(fd)
    }
}
