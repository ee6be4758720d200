import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Puts the terminal back after a crash, whatever crashed and how.
///
/// A crash signal handler cannot run on a thread whose stack overflowed
/// (a deep recursion's SIGSEGV): the kernel has nowhere to push its frame
/// and kills the process, leaving the alternate screen and mouse reporting
/// on. So there are two layers, both using async-signal-safe calls only:
///
/// 1. crash handlers on an alternate signal stack (`sigaltstack`, this
///    thread) write the raw "leave alternate screen / mouse off / cursor
///    on" sequence, restore the saved terminal modes, then re-raise;
/// 2. a watchdog process, forked before curses starts, waits on a pipe. A
///    normal exit tells it so; if the TUI dies any other way (a crash on
///    any thread, `kill -9`), the pipe closes without that word and the
///    watchdog restores the terminal itself and says why. It may do so
///    just after the shell has seen the exit: the watchdog is not the
///    process the shell waits for, and it cannot be without forking the
///    TUI itself from a process that already runs threads.
enum CrashRestore {
    /// Leave the alternate screen, stop every mouse mode and bracketed
    /// paste, reset attributes, show the cursor.
    static let sequence: StaticString =
        "\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1003l\u{1B}[?1006l\u{1B}[?1015l\u{1B}[?2004l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l\r\n"
    static let note: StaticString = "facet: the TUI stopped on a fatal error; the terminal was restored.\n"

    nonisolated(unsafe) static var saved = termios()
    nonisolated(unsafe) static var haveSaved = false
    /// The write end of the watchdog's pipe (-1 without a watchdog).
    nonisolated(unsafe) static var watchdog: Int32 = -1
    nonisolated(unsafe) static var alternateStack: UnsafeMutableRawPointer?

    /// The terminal's modes as the shell left them.
    static func saveTerminalModes() {
        haveSaved = tcgetattr(0, &saved) == 0
    }

    static func install(_ signals: [Int32]) {
        startWatchdog()
        let size = 256 * 1024
        alternateStack = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        var stack = stack_t(ss_sp: alternateStack, ss_flags: 0, ss_size: size)
        _ = sigaltstack(&stack, nil)
        for sig in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { sig in
                CrashRestore.restoreRaw()
                _ = write(2, CrashRestore.note.utf8Start, CrashRestore.note.utf8CodeUnitCount)
                // Die of `sig` with its default action. (Not SA_RESETHAND:
                // glibc sign-extends that bit and the kernel then refuses
                // the whole sigaction, leaving Swift's own handler in place.)
                signal(sig, SIG_DFL)
                raise(sig)
            }
            action.sa_flags = Int32(SA_ONSTACK | SA_NODEFER)
            sigemptyset(&action.sa_mask)
            _ = sigaction(sig, &action, nil)
        }
    }

    /// Async-signal-safe: raw sequence on the terminal and the saved modes.
    static func restoreRaw() {
        // Restored here: the watchdog must not do it again (a second
        // "leave alternate screen" moves the cursor back over this message).
        if watchdog >= 0 {
            var ok: UInt8 = 0x4B
            _ = write(watchdog, &ok, 1)
        }
        _ = write(1, sequence.utf8Start, sequence.utf8CodeUnitCount)
        if haveSaved { _ = tcsetattr(0, TCSANOW, &saved) }
        TerminalGuard.replayCapturedStderr()
    }

    /// A normal exit: the watchdog has nothing to do.
    static func disarm() {
        guard watchdog >= 0 else { return }
        var ok: UInt8 = 0x4B
        _ = write(watchdog, &ok, 1)
        close(watchdog)
        watchdog = -1
    }

    private static func startWatchdog() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        let child = fork()
        if child < 0 {
            close(ends[0])
            close(ends[1])
            return
        }
        if child == 0 {
            // The watchdog: only async-signal-safe calls from here on.
            close(ends[1])
            signal(SIGINT, SIG_IGN)
            signal(SIGQUIT, SIG_IGN)
            signal(SIGTSTP, SIG_IGN)
            signal(SIGTERM, SIG_IGN)
            var byte: UInt8 = 0
            var count: Int
            repeat { count = read(ends[0], &byte, 1) } while count < 0 && errno == EINTR
            if count != 1 {
                _ = write(1, sequence.utf8Start, sequence.utf8CodeUnitCount)
                if haveSaved { _ = tcsetattr(0, TCSANOW, &saved) }
                // What the TUI wrote to stderr before it died (a runtime's
                // fatal error message, say), then why the screen changed:
                // the same words a crash handler leaves.
                TerminalGuard.replayCapturedStderr()
                _ = write(2, note.utf8Start, note.utf8CodeUnitCount)
            }
            _exit(0)
        }
        close(ends[0])
        watchdog = ends[1]
    }

    /// For the attack suite only: `FACET_TUI_TEST_CRASH=overflow` overflows
    /// a background thread's stack (no handler can run there: the watchdog
    /// must restore), `=trap` traps on the main thread (the handlers do).
    static func crashForTesting(_ kind: String?) {
        guard let kind, kind == "overflow" || kind == "trap" else { return }
        // After the first frames are drawn (alternate screen and mouse on).
        let thread = Thread {
            Thread.sleep(forTimeInterval: 1)
            if kind == "trap" { raise(SIGILL) } else { _ = CrashRestore.recurse(1) }
        }
        thread.start()
    }

    @inline(never)
    static func recurse(_ depth: Int) -> Int {
        var frame = (depth, depth, depth, depth, depth, depth, depth, depth)
        return withUnsafeMutablePointer(to: &frame) { recurse($0.pointee.0 + 1) + $0.pointee.1 }
    }
}
