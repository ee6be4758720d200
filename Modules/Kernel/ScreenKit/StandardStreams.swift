import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The one way Facet writes to its standard output and error: `write(2)`
/// directly, never trapping.
///
/// Foundation's `FileHandle.write(_:)` traps (`try!`) on any I/O error, so a
/// closed stdout (`facet folders /dev >&-`) or a reader that goes away
/// (`facet … --json | head -c 10`) crashed with a backtrace. Here:
///
/// - `EINTR` and partial writes are retried until everything is written;
/// - `EPIPE` on standard output (the reader is gone) ends the process at
///   once and quietly, as `cat` does, with status 141 (128 + SIGPIPE): there
///   is nobody left to tell, and SIGPIPE itself is ignored
///   (`prepareProcess()`) so the error arrives as `EPIPE`;
/// - any other error (closed descriptor, full disk, I/O error) is reported
///   once on standard error, later output to that stream is dropped, and
///   `failed` makes the launcher exit non-zero.
public enum StandardStreams {
    /// Standard output and error.
    public static let output: Int32 = 1
    public static let error: Int32 = 2

    private struct State {
        var broken = [false, false, false]
        var closedAtStart = [false, false, false]
        var anyFailure = false
    }

    private static let state = Mutex(State())

    /// True once a write to standard output or error failed (not `EPIPE`).
    public static var failed: Bool { state.withLock { $0.anyFailure } }

    /// Call first thing in `main`: ignores SIGPIPE, and puts `/dev/null` on
    /// any of descriptors 0–2 that the caller closed, so that the next file
    /// opened (the database!) cannot become "standard output" and receive
    /// the screen's text. A closed stdout is still reported on first write.
    public static func prepareProcess() {
        signal(SIGPIPE, SIG_IGN)
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) < 0 && errno == EBADF {
            let placeholder = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
            if placeholder >= 0, placeholder != fd {
                _ = dup2(placeholder, fd)
                _ = close(placeholder)
            }
            state.withLock { $0.closedAtStart[Int(fd)] = true }
        }
    }

    /// Writes `text` to standard output.
    public static func print(_ text: String, terminator: String = "\n") {
        // Written from the string's own UTF-8 storage: a list printed for a
        // script passes through here a page at a time, and copying each
        // page into an array first copied all of that output once more.
        var text = text
        if !terminator.isEmpty { text += terminator }
        _ = text.withUTF8 { write(UnsafeRawBufferPointer($0), to: output) }
    }

    /// Writes `text` to standard error.
    public static func printError(_ text: String, terminator: String = "\n") {
        write(Array((text + terminator).utf8), to: error)
    }

    /// Writes every byte, or handles the failure as described on the type.
    /// Returns false when the bytes could not be written.
    @discardableResult
    public static func write(_ bytes: [UInt8], to fd: Int32) -> Bool {
        bytes.withUnsafeBytes { write($0, to: fd) }
    }

    @discardableResult
    public static func write(_ bytes: UnsafeRawBufferPointer, to fd: Int32) -> Bool {
        let slot = Int(fd)
        if (0...2).contains(slot) {
            let (isBroken, wasClosed) = state.withLock { ($0.broken[slot], $0.closedAtStart[slot]) }
            if isBroken { return false }
            if wasClosed {
                fail(fd, code: EBADF)
                return false
            }
        }
        guard let base = bytes.baseAddress else { return true }
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(fd, base + offset, bytes.count - offset)
            if written > 0 {
                offset += written
                continue
            }
            let code = written < 0 ? errno : EIO
            if code == EINTR || code == EAGAIN {
                if code == EAGAIN { waitWritable(fd) }
                continue
            }
            if code == EPIPE, fd == output { _exit(141) }
            fail(fd, code: code)
            return false
        }
        return true
    }

    /// Marks the stream broken and says so once, on standard error (unless
    /// standard error itself is the broken one).
    private static func fail(_ fd: Int32, code: Int32) {
        let slot = Int(fd)
        let first: Bool = state.withLock { state in
            state.anyFailure = true
            guard (0...2).contains(slot) else { return true }
            defer { state.broken[slot] = true }
            return !state.broken[slot]
        }
        guard first, fd != error else { return }
        let name = fd == output ? "standard output" : "descriptor \(fd)"
        let message = Array("facet: cannot write to \(name): \(String(cString: strerror(code)))\n".utf8)
        _ = message.withUnsafeBytes { write($0, to: error) }
    }

    /// A non-blocking descriptor someone else set up: wait until it drains.
    private static func waitWritable(_ fd: Int32) {
        var poller = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        _ = poll(&poller, 1, 1000)
    }
}

