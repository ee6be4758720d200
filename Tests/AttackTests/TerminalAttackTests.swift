import Foundation
import Testing
import TestSupport

/// A crash inside the TUI gives the terminal back, whichever thread crashed
/// and however. Driven under tmux, which reports whether the
/// pane is still on the alternate screen and still reporting the mouse.
@Suite struct TerminalAttackTests {
    let home = TemporaryDirectory("facet-attack-home")

    @Test(arguments: ["overflow", "trap"])
    func aCrashOnAnyThreadRestoresTheTerminal(kind: String) async throws {
        let session = "facet-attack-\(kind)-\(getpid())"
        let status = home.path + "/exit-status"
        // A server of its own (private socket, no configuration file): the
        // user's tmux server and ~/.tmux.conf are neither touched nor read.
        // After the TUI the pane waits on the terminal as an interactive
        // shell would (`exec cat`): when no handler could run (the
        // overflow), the watchdog restores the terminal once the process
        // is gone, which may be after the shell has seen the exit, and a
        // pane whose shell had ended by then would be closed and lose what
        // the watchdog writes. For the same reason the exit status goes to
        // a file, not the alternate screen the watchdog leaves. No core
        // file: where the machine allows one, writing a whole process image
        // can outlast the waits.
        let tmux = "tmux -L \(session) -f /dev/null"
        let script = """
            \(tmux) new-session -d -s \(session) -x 100 -y 30 \\
              "ulimit -c 0; env FACET_HOME='\(home.path)' TERM=xterm-256color LANG=C.UTF-8 FACET_TUI_TEST_CRASH=\(kind) '$FACET' --ui tui; echo \\$? > '\(status)'; exec cat"
            for i in $(seq 1 100); do
              [ "$(\(tmux) display -p -t \(session) '#{alternate_on}')" = 1 ] && break; sleep 0.05
            done
            echo "during $(\(tmux) display -p -t \(session) '#{alternate_on} #{mouse_any_flag}')"
            for i in $(seq 1 600); do  # up to 30 s: a loaded machine writes a crash slowly
              \(tmux) capture-pane -p -t \(session) | grep -q 'terminal was restored' && [ -s '\(status)' ] && break; sleep 0.05
            done
            # The note is written after the restoring sequence, which tmux
            # has therefore already applied.
            echo "after $(\(tmux) display -p -t \(session) '#{alternate_on} #{mouse_any_flag}')"
            \(tmux) capture-pane -p -t \(session) | grep 'terminal was restored'
            echo "EXITED $(cat '\(status)')"
            \(tmux) kill-session -t \(session)
            """
        let result = try await Attack.shell(script, home: home.path)
        #expect(result.out.contains("during 1 1"), "\(result.out) \(result.stderr)")
        #expect(result.out.contains("after 0 0"), "\(result.out)")
        #expect(result.out.contains("facet: the TUI stopped on a fatal error; the terminal was restored."), "\(result.out)")
        #expect(result.out.contains(kind == "trap" ? "EXITED 132" : "EXITED 139"), "\(result.out)")
    }
}
