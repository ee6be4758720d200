#if canImport(Glibc)
import Glibc
#endif

/// Asks the terminal, once before curses starts, which graphics protocol it
/// speaks and how big a cell is, the way kitty's documentation recommends:
/// a kitty graphics query, a cell-size report request and the primary
/// device attributes request (DA1), in that order. Every terminal answers
/// DA1, so its answer marks the end: a terminal that knows kitty's protocol
/// has answered the query before it, and one that draws sixels lists a 4
/// in it. Asking beats guessing from `TERM`, which tmux, ssh and `su`
/// rewrite or pass on unchanged from another terminal.
enum GraphicsQuery {
    /// kitty: whether a one-pixel RGB image could be shown (a query: the
    /// image is never stored or shown); then `CSI 16 t` (the cell size in
    /// pixels) and `CSI c` (DA1).
    static let question = "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[16t\u{1B}[c"

    /// How long to wait for DA1: a local terminal answers at once; a remote
    /// one takes a round trip.
    static let patience: Duration = .milliseconds(500)

    struct Answer: Equatable {
        var kitty = false
        var sixel = false
        var cellWidth: Int?
        var cellHeight: Int?
        /// DA1 answered: nothing more is coming.
        var complete = false
    }

    /// What the terminal said, from the bytes it sent back (which may hold
    /// keys typed meanwhile, ignored).
    static func parse(_ bytes: [UInt8]) -> Answer {
        var answer = Answer()
        var index = 0
        while index < bytes.count {
            guard bytes[index] == 0x1B, index + 1 < bytes.count else {
                index += 1
                continue
            }
            if bytes[index + 1] == UInt8(ascii: "_") {
                // APC G ... ST: kitty's answer, "Gi=31;OK" when it can.
                guard let end = terminator(bytes, from: index + 2) else { break }
                let body = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
                if body.hasPrefix("Gi=31;") { answer.kitty = body.hasSuffix(";OK") }
                index = end + 2
            } else if bytes[index + 1] == UInt8(ascii: "[") {
                var end = index + 2
                while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
                guard end < bytes.count else { break }
                let body = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
                switch bytes[end] {
                case UInt8(ascii: "c") where body.hasPrefix("?"):
                    answer.sixel = body.dropFirst().split(separator: ";").contains("4")
                    answer.complete = true
                case UInt8(ascii: "t"):
                    // CSI 6 ; height ; width t
                    let numbers = body.split(separator: ";").map { Int($0) }
                    if numbers.count == 3, numbers[0] == 6, let height = numbers[1], let width = numbers[2],
                       (1...1000).contains(height), (1...1000).contains(width) {
                        answer.cellWidth = width
                        answer.cellHeight = height
                    }
                default:
                    break
                }
                index = end + 1
            } else {
                index += 1
            }
        }
        return answer
    }

    /// The position of the string terminator (ESC \) at or after `start`.
    private static func terminator(_ bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == 0x1B, bytes[index + 1] == UInt8(ascii: "\\") { return index }
            index += 1
        }
        return nil
    }

    /// The graphics to use on this terminal. `FACET_GRAPHICS` (symbols,
    /// sixel or kitty) decides without asking; with pictures off nothing is
    /// asked either.
    static func graphics(environment: [String: String], picturesOff: Bool) -> TerminalGraphics {
        var graphics = TerminalGraphics.symbols
        if let (width, height) = windowCell() {
            graphics.cellWidth = width
            graphics.cellHeight = height
        }
        if let chosen = environment["FACET_GRAPHICS"].flatMap(TerminalGraphics.Kind.init(rawValue:)) {
            graphics.kind = chosen
            return graphics
        }
        guard !picturesOff, let answer = ask() else { return graphics }
        if let width = answer.cellWidth, let height = answer.cellHeight {
            graphics.cellWidth = width
            graphics.cellHeight = height
        }
        graphics.kind = answer.kitty ? .kitty : answer.sixel ? .sixel : .symbols
        return graphics
    }

    /// One cell in pixels, from the kernel's window size when the terminal
    /// filled in its pixel fields (many leave them 0).
    static func windowCell() -> (width: Int, height: Int)? {
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0,
              size.ws_xpixel > 0, size.ws_ypixel > 0
        else { return nil }
        let width = Int(size.ws_xpixel) / Int(size.ws_col)
        let height = Int(size.ws_ypixel) / Int(size.ws_row)
        return width > 0 && height > 0 ? (width, height) : nil
    }

    /// Writes the question and reads until DA1 is answered or `patience`
    /// runs out, with the terminal briefly out of canonical mode and echo
    /// (so the answer is neither line-buffered nor shown); nil when stdin
    /// is not a terminal.
    static func ask() -> Answer? {
        var saved = termios()
        guard tcgetattr(0, &saved) == 0 else { return nil }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        raw.c_cc.6 = 0  // VMIN
        raw.c_cc.5 = 0  // VTIME
        guard tcsetattr(0, TCSANOW, &raw) == 0 else { return nil }
        defer { tcsetattr(0, TCSANOW, &saved) }
        guard Array(question.utf8).withUnsafeBytes({ writeAll(1, $0) }) else { return nil }
        let clock = ContinuousClock()
        let deadline = clock.now + patience
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 512)
        while received.count < 8192 {
            let left = clock.now.duration(to: deadline)
            guard left > .zero else { break }
            var poller = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)
            let ready = poll(&poller, 1, max(1, milliseconds))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { break }
            let count = read(0, &chunk, chunk.count)
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            guard count > 0 else { break }
            received += chunk[0..<count]
            if parse(received).complete { break }
        }
        return parse(received)
    }
}
