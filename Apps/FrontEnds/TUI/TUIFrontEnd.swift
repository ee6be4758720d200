import Foundation
import ScreenKit

/// The full-screen terminal front end: `facet --ui tui` (and bare `facet`
/// on a terminal). It renders whatever screens the catalog holds, through
/// the screen contract only.
///
/// Options after `--ui tui`: `--no-mouse`, `--ascii` (no line drawing),
/// `--no-pictures` (no covers or photos drawn; also `FACET_PICTURES=off`), and
/// optionally a screen with its parameters to start at (`folders /usr`).
/// Environment: `NO_COLOR` (monochrome), `FACET_TUI_SNAPSHOT` (write the
/// final screen's snapshot JSON there on exit, for conformance tests).
public enum TUIFrontEnd: FrontEnd {
    public static let name = "tui"

    public static func run(_ context: FrontEndContext) async -> Int32 {
        let environment = context.environment
        let arguments = context.arguments
        // A screen to start at (`facet --ui tui folders /usr`), checked before the terminal is taken.
        let start: ScreenRequest?
        do {
            start = try StartScreen.request(arguments, screens: context.catalog.screens)
        } catch {
            fail("facet: \(TerminalText.sanitize(error.message))")
            return 2
        }
        if let problem = terminalProblem(environment: environment) {
            fail(problem)
            return 2
        }
        CrashRestore.saveTerminalModes()  // before curses changes them
        let picturesShown = !arguments.contains("--no-pictures") && environment["FACET_PICTURES"] != "off"
        // Asked before curses reads the terminal, so the answer is not taken for keys.
        let graphics = GraphicsQuery.graphics(environment: environment, picturesOff: !picturesShown)
        let backend: NcursesBackend
        do {
            backend = try NcursesBackend(
                colour: (environment["NO_COLOR"] ?? "").isEmpty, mouse: !arguments.contains("--no-mouse"),
                forceASCII: arguments.contains("--ascii"), graphics: graphics)
        } catch NcursesBackend.Failure.noTerminal(let message) {
            fail(message)
            return 2
        } catch {
            fail("facet: \(error)")
            return 2
        }
        TerminalGuard.install()

        let controller = TUIController(catalog: context.catalog, glyphs: backend.unicode ? .unicode : .ascii)
        controller.picturesShown = picturesShown
        do {
            try await controller.start(start ?? context.home)
        } catch {
            backend.shutdown()
            fail("facet: \(error.message)")
            return 1
        }
        CrashRestore.crashForTesting(environment["FACET_TUI_TEST_CRASH"])
        await RunLoop.run(controller, backend: backend)

        let final = controller.snapshot
        controller.shutdown()
        backend.shutdown()
        if let path = environment["FACET_TUI_SNAPSHOT"], !path.isEmpty, let final {
            guard writeNew(path, SnapshotJSON.data(final)) else {
                fail("facet: cannot write the snapshot to \(TerminalText.sanitize(path)) (it must not exist yet)")
                return 1
            }
        }
        return 0
    }

    /// Writes a file that must not exist yet (`O_EXCL | O_NOFOLLOW`): the
    /// snapshot hook for tests never writes through anything at its path.
    static func writeNew(_ path: String, _ data: Data) -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return data.withUnsafeBytes { writeAll(fd, $0) }
    }

    /// Why the TUI cannot run here, or nil: it needs a terminal on stdin and
    /// stdout that can address the cursor.
    static func terminalProblem(environment: [String: String]) -> String? {
        guard isatty(0) == 1, isatty(1) == 1 else {
            return "facet: the TUI needs a terminal (stdin and stdout are not both terminals); use the CLI or --ui jsonl."
        }
        let term = environment["TERM"] ?? ""
        if term.isEmpty || term == "dumb" {
            return "facet: the TUI cannot run on TERM=\(term.isEmpty ? "(unset)" : term); set TERM (e.g. xterm-256color) or use the CLI."
        }
        return nil
    }

    static func fail(_ message: String) {
        StandardStreams.printError(message)
    }
}

/// The main loop: draw when something changed (or a spinner turns), read
/// keys without blocking, and between reads let the screens' background
/// work (an import finishing) run on the main actor, whose change redraws
/// the screen without a key press. While something moves (a spinner, a
/// notice about to fade, typed filter text) it polls briefly; otherwise it
/// sleeps until a key, a resize or a change wakes it, or at the latest for
/// `idleInterval`, a safety net (see `IdleWait`).
@MainActor
enum RunLoop {
    static let pollInterval: Duration = .milliseconds(15)
    static let animationInterval: Duration = .milliseconds(100)
    static let idleInterval: Duration = .seconds(10)

    static func run(_ controller: TUIController, backend: some TerminalBackend, decoder: InputDecoder = InputDecoder()) async {
        let clock = ContinuousClock()
        let idle = IdleWait()
        controller.onDirty = { idle.wake() }
        defer { controller.onDirty = nil }
        var lastFrame = clock.now - animationInterval
        var lastSize = backend.size
        var barsAsked = false
        controller.graphics = backend.graphics
        while controller.running {
            controller.tick()
            let size = backend.size
            if size != lastSize {
                lastSize = size
                backend.invalidate()
                // A font size change moves the cell size with the window's.
                controller.graphics = backend.graphics
                controller.markDirty()
            }
            let animate = controller.isAnimating && clock.now - lastFrame >= animationInterval
            if controller.dirty || animate {
                if animate { controller.spinnerFrame += 1 }
                backend.present(controller.render(width: size.width, height: size.height))
                lastFrame = clock.now
                if !barsAsked {
                    // After the first frame: a bar never delays start-up.
                    barsAsked = true
                    Task { await controller.openBars() }
                }
            }
            let raw = backend.read()
            if raw.isEmpty {
                if controller.isAnimating || controller.top?.liveFilter?.due != nil {
                    try? await Task.sleep(for: pollInterval)
                } else {
                    await idle.wait(upTo: idleInterval)
                }
                continue
            }
            let keys = decoder.decode(raw)
            if keys.contains(.ctrl("l")) { backend.invalidate() }
            controller.handle(keys)
            await Task.yield()
        }
    }
}
