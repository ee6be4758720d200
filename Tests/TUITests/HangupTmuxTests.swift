import Foundation
import Testing
import TestSupport

/// SIGHUP (the terminal window closed, an ssh connection dropped) restores
/// the terminal like SIGINT and SIGTERM: the pane is back on the normal
/// screen, in canonical mode with echo, and the process ends by the signal's
/// status (128 + 1).
@Suite(.serialized) struct HangupTmuxTests {
    @Test func sighupRestoresTheTerminal() throws {
        let home = TemporaryDirectory("facet-tui-hup")
        // The shell ignores SIGHUP itself (only facet gets it) and, once
        // facet is gone, prints what the terminal's settings are now.
        let command = "trap '' HUP INT; env -i PATH=/usr/bin:/bin HOME=\(shellQuoted(home.path)) FACET_HOME=\(shellQuoted(home.path)) "
            + "TERM=xterm-256color LANG=C.UTF-8 \(shellQuoted(FacetProcess.binary)) --ui tui; echo EXITED $?; "
            + "stty -a | tr ' ' '\\n' | grep -xE -- '-?(icanon|echo)' | tr '\\n' ' '; echo MODES; sleep 60"
        let tmux = try TmuxSession(command: command)
        try tmux.waitForPlaylists()
        #expect(try tmux.run(["display-message", "-p", "-t", tmux.name, "#{alternate_on}"]).hasPrefix("1"),
                "the TUI draws on the alternate screen")
        let children = try tmux.paneChildren()
        #expect(children.count == 1)
        for child in children { kill(child, SIGHUP) }
        let screen = try tmux.wait(forText: "MODES")
        #expect(screen.contains("EXITED 129"), "\(screen)")
        #expect(screen.contains("icanon echo MODES"), "\(screen)")
        #expect(!screen.contains("1 Playlists"))
        #expect(try tmux.run(["display-message", "-p", "-t", tmux.name, "#{alternate_on}"]).hasPrefix("0"),
                "the alternate screen was left")
    }
}
