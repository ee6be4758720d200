import Foundation
import ScreenKit

extension CommandRunner {
    /// What `open-url` prints for people, as `gh browse` does: one line,
    /// never the screen it ran on. When no browser was started (no
    /// `BROWSER`, no graphical session) it never claims one was: on a
    /// terminal it says so and fails (exit 1), since the person asked for
    /// a browser; for a script (stdout not a terminal) it prints the URL
    /// alone, as `gh browse -n` does, for the script to use.
    func reportOpened(_ url: String, opened: Bool?) -> Int32 {
        if opened == true {
            out.print("Opened \(TerminalText.sanitize(url))")
            return 0
        }
        guard out.stdoutIsTerminal else {
            out.print(TerminalText.sanitize(url))
            return 0
        }
        out.error(
            "no browser was opened: set BROWSER (or run in a graphical session, with DISPLAY or WAYLAND_DISPLAY) "
                + "and try again, or open it yourself: \(url)")
        return 1
    }
}
