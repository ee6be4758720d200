#if canImport(Glibc)
import Glibc
#endif

/// ANSI styling, on only for a terminal without `NO_COLOR`.
struct TerminalStyle {
    let enabled: Bool

    init(enabled: Bool) { self.enabled = enabled }

    init(fileDescriptor: Int32, environment: [String: String]) {
        enabled = isatty(fileDescriptor) == 1 && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
    }

    func bold(_ text: String) -> String { wrap(text, "1") }
    func dim(_ text: String) -> String { wrap(text, "2") }
    func red(_ text: String) -> String { wrap(text, "31") }
    func green(_ text: String) -> String { wrap(text, "32") }
    func yellow(_ text: String) -> String { wrap(text, "33") }
    func cyan(_ text: String) -> String { wrap(text, "36") }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// Columns of the terminal on `fd`, else `$COLUMNS`, else 100.
    static func width(fileDescriptor: Int32, environment: [String: String]) -> Int {
        var size = winsize()
        if ioctl(fileDescriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
        return 100
    }
}
