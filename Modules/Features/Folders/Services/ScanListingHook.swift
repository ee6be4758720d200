import FoldersDomain
import Foundation
import KernelDomain
import KernelServices
#if canImport(Glibc)
import Glibc
#endif

/// Called by a scan, on the thread doing the work, right after it has read
/// one directory's entries and before it opens any of the subdirectories it
/// found there, with that directory's path.
///
/// For tests only: a test pauses the scan at that point, changes the tree
/// (deletes a child the scan has already listed), lets it go on, and knows
/// exactly what the scan must then report. Production scans pass nil: one
/// nil check per directory read.
public typealias ScanListingHook = @Sendable (String) -> Void

/// The listing hook the built binary takes from its environment, for the
/// attack suite only (never set in ordinary use):
///
/// - `FACET_TEST_SCAN_PAUSE_AT`: the path of one directory of the scanned tree;
/// - `FACET_TEST_SCAN_PAUSE_FIFO`: a FIFO the test made.
///
/// Once that directory has been listed, the scan writes its path and a
/// newline to the FIFO, then reads the FIFO to its end before going on: the
/// test changes the tree in between, while the scan waits.
public enum ScanPauseForTesting {
    public static func hook(_ environment: [String: String]) -> ScanListingHook? {
        guard let target = environment["FACET_TEST_SCAN_PAUSE_AT"], !target.isEmpty,
              let fifo = environment["FACET_TEST_SCAN_PAUSE_FIFO"], !fifo.isEmpty else { return nil }
        return { listed in
            guard listed == target else { return }
            let said = open(fifo, O_WRONLY | O_CLOEXEC)
            guard said >= 0 else { return }
            let line = Array((listed + "\n").utf8)
            _ = line.withUnsafeBytes { write(said, $0.baseAddress, $0.count) }
            close(said)
            let heard = open(fifo, O_RDONLY | O_CLOEXEC)
            guard heard >= 0 else { return }
            var byte: UInt8 = 0
            while read(heard, &byte, 1) > 0 {}
            close(heard)
        }
    }
}
