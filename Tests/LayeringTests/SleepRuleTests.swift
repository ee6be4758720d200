import Foundation
import Testing

/// No fixed sleep is a test's only synchronisation: every `sleep(`,
/// `usleep(`, `Task.sleep`, `Thread.sleep`, `time.sleep`, shell `sleep N`
/// (`sleep .5` too) and a wait that a test expects to run out
/// (`#expect(… == .timedOut)`: a fixed wait by another name) in the test
/// code under `Tests/` must be listed below, by file and a snippet of its line, with the reason it is safe (a poll loop with a
/// deadline, a measurement window, a fixture's own pacing, …). A new one
/// fails this test until it is replaced by a wait on the event itself or
/// listed here with its reason.
@Suite struct SleepRuleTests {
    typealias Allowed = TestSources.Allowed

    static let allowed: [Allowed] = [
        // Polls: a condition checked again and again until a deadline.
        Allowed(file: "Tests/ServeTests/Support/ServerProcess.swift", snippet: "usleep(20_000)",
                why: "poll until the socket accepts a connection, with a deadline"),
        Allowed(file: "Tests/ServeTests/Support/ServerProcess.swift", snippet: "            usleep(10_000)",
                why: "poll until the process exits, with a deadline (then SIGKILL)"),
        Allowed(file: "Tests/TestSupport/SSHServer.swift", snippet: "usleep(20_000)", times: 2,
                why: "polls with a deadline: until sshd accepts a TCP connection, and until the ssh session's remote facet appears in /proc"),
        Allowed(file: "Tests/Features/Folders/Services/InotifyWatcherTests.swift", snippet: "try? await Task.sleep(for: .milliseconds(10))", times: 2,
                why: "polls with a deadline: for a change, and for the watcher's word that its watches are placed"),
        Allowed(file: "Tests/Features/Folders/Services/WatchLimitTests.swift", snippet: "try? await Task.sleep(for: .milliseconds(10))",
                why: "poll for a change, with a deadline"),
        Allowed(file: "Tests/KernelTests/Services/LiveHTTPClientTests.swift", snippet: "try await Task.sleep(for: .milliseconds(20))",
                why: "poll (250 tries) until the browser script has written its whole line"),
        Allowed(file: "Tests/KernelTests/Services/LiveHTTPClientTests.swift", snippet: "catch .launchFailed { try await Task.sleep(",
                why: "back-off between at most ten retries of a launch another test's fork made busy (ETXTBSY)"),
        Allowed(file: "Tests/TUITests/StarsTUIConformanceTests.swift", snippet: "usleep(20_000)",
                why: "poll (250 tries) until the browser script has recorded the address"),
        Allowed(file: "Tests/TUITests/TmuxSession.swift", snippet: "usleep(50_000)",
                why: "poll the pane with a deadline until the expected screen appears"),
        Allowed(file: "Tests/TUITests/TmuxSession.swift", snippet: "usleep(100_000)",
                why: "poll the pane with a deadline until two captures in a row agree (a frame drawn whole)"),
        Allowed(file: "Tests/AttackTests/ServeScaleAttackTests.swift", snippet: "usleep(200_000)",
                why: "poll with a deadline until the open descriptor count stops changing between samples"),
        Allowed(file: "Tests/AttackTests/ServeScaleAttackTests.swift", snippet: "usleep(10_000)",
                why: "BoundedProcess.poll: a condition polled until a deadline"),
        Allowed(file: "Tests/AttackTests/TerminalAttackTests.swift", snippet: "&& break; sleep 0.05", times: 2,
                why: "bounded shell polls of the tmux pane (alternate screen on; EXITED shown)"),
        Allowed(file: "Tests/JSONRPCTests/LineReaderTests.swift", snippet: "try await Task.sleep(for: .milliseconds(20))",
                why: "poll with a deadline until the writer's count stops moving (it is blocked)"),
        Allowed(file: "Tests/Features/Stars/Doubles/StarsDoubles.swift", snippet: "Date() < deadline { try? await Task.sleep(",
                why: "poll with a deadline for the requests to arrive"),
        Allowed(file: "Tests/TestSupport/Eventually.swift", snippet: "try? await Task.sleep(for: .milliseconds(2))",
                why: "eventually(): a condition polled until a deadline"),
        Allowed(file: "Tests/Features/Player/EndToEnd/PlayerWorld.swift", snippet: "usleep(50_000)",
                why: "eventually(): a condition (mpc's state, sox's measure) polled until a deadline"),
        Allowed(file: "Tests/TUITests/PlayerTmuxTests.swift", snippet: "usleep(50_000)",
                why: "poll mpc's state with a deadline after a key press"),
        Allowed(file: "Tests/TestSupport/MPDServer.swift", snippet: "usleep(50_000)",
                why: "poll with a deadline until MPD accepts connections on its port (or has exited)"),
        Allowed(file: "Tests/TestSupport/MPDServer.swift", snippet: "usleep(200_000)",
                why: "back-off between at most 50 restarts while the old MPD's port is released"),
        Allowed(file: "Tests/FacetTesting/BoundedProcess.swift", snippet: "usleep(10_000)",
                why: "waitFor(): a condition polled until a deadline"),
        Allowed(file: "Tests/FacetTesting/JSONLSession.swift", snippet: "else { usleep(10_000) }",
                why: "back-off in a read loop bounded by the process's exit and a deadline"),
        Allowed(file: "Tests/Features/Stars/EndToEnd/StarsEndToEndTests.swift", snippet: "try await Task.sleep(for: .milliseconds(20))",
                why: "poll (100 tries) until the browser script has recorded the address"),
        Allowed(file: "Tests/Features/Folders/EndToEnd/FolderDeleteTests.swift", snippet: "Thread.sleep(forTimeInterval: 0.1)",
                why: "retry (50 tries) until the screen shows the re-measured file and accepts the delete"),
        Allowed(file: "Tests/EndToEndTests/MCPEndToEndTests.swift", snippet: "usleep(5_000)",
                why: "poll with a deadline until the server's output pipe is full"),

        // Measurement windows: time is what is measured, nothing is awaited.
        Allowed(file: "Tests/ServeTests/ServeFaultTests.swift", snippet: "usleep(200_000)",
                why: "paces ten memory samples while a flooding client is blocked; each sample is checked itself"),
        Allowed(file: "Tests/Features/Folders/Services/DeepTreeScanTests.swift", snippet: "try? await Task.sleep(for: .milliseconds(5))",
                why: "paces the sampler of open descriptors while the scan runs; the scan's end is awaited, not slept"),
        Allowed(file: "Tests/AttackTests/ServeScaleAttackTests.swift", snippet: "Thread.sleep(forTimeInterval: 2)",
                why: "the window over which an idle server's CPU use is measured"),
        Allowed(file: "Tests/EndToEndTests/JSONLProtocolTests.swift", snippet: "writer.wait(timeout: .now() + 3) == .timedOut",
                why: "the window in which a client that does not read must stay blocked; the server's memory is then measured"),
        Allowed(file: "Tests/AttackTests/WebAttackTests.swift", snippet: "Thread.sleep(forTimeInterval: 3)",
                why: "the window over which the web server's CPU use is measured during a flood"),

        // Fixtures' own pacing: part of the scene, not a wait for a result.
        Allowed(file: "Tests/ServeTests/ServeFaultTests.swift", snippet: #"print("ready", flush=True); time.sleep(60)"#,
                why: "a client that holds its connection open (after saying ready) until the test kills it"),
        Allowed(file: "Tests/TestSupport/InotifyHog.swift", snippet: "time.sleep(120)",
                why: "a program that holds every inotify instance of its user (after saying so) until the test kills it"),
        Allowed(file: "Tests/AttackTests/WebAttackTests.swift", snippet: "time.sleep(hold)",
                why: "the flooding user holds its connections for a while after saying how many it has"),
        Allowed(file: "Tests/TUITests/TmuxSession.swift", snippet: "usleep(150_000)",
                why: "input pacing: a key sent within the TUI's escape delay after Escape would make an Alt chord"),
        Allowed(file: "Tests/TUITests/TmuxEndToEndTests.swift", snippet: "echo EXITED $?; sleep 60",
                why: "keeps the pane alive after the program exits so its last output can be read; the session is killed"),
        Allowed(file: "Tests/TUITests/AttachedTUI.swift", snippet: "echo EXITED $?; sleep 60",
                why: "keeps the pane alive after the program exits so its last output can be read; the session is killed"),
        Allowed(file: "Tests/TUITests/SSHConnectedTUITests.swift", snippet: "echo EXITED $?; sleep 60",
                why: "keeps the pane alive after the program exits so its last output can be read; the session is killed"),
        Allowed(file: "Tests/TUITests/HangupTmuxTests.swift", snippet: "echo MODES; sleep 60",
                why: "keeps the pane alive after the TUI exits so the terminal modes it printed can be read; the session is killed"),
        Allowed(file: "Tests/ScreenKitTests/ScreenModelTests.swift", snippet: "try? await Task.sleep(nanoseconds: 50_000_000)",
                why: "the launched work's own duration, which settle() must wait for: the subject of the test"),
        Allowed(file: "Tests/AttackTests/WatchDepthAttackTests.swift", snippet: "Date().timeIntervalSince(made) < 0.3 { usleep(",
                why: "ages the tree past the watcher's change-time margin: a condition on the clock, not on another party"),
        Allowed(file: "Tests/EndToEndTests/ChildDeadlineTests.swift", snippet: #""sleep 120 & sleep 120""#,
                why: "the hung child (and grandchild) the deadline must kill: the subject of the test"),
        Allowed(file: "Tests/JSONRPCTests/ScreenWaitTests.swift", snippet: "try? await Task.sleep(for: .milliseconds(50))",
                why: "delays a change so it lands while screen.wait is pending; landing first only makes the wait return at once (the test still passes, it cannot hang or flake)"),
        Allowed(file: "Tests/KernelTests/Persistence/ForeignCommitWatchTests.swift", snippet: "usleep(1000)",
                why: "within(): a condition polled until a deadline"),
        Allowed(file: "Tests/TUITests/LiveAcrossProcessesTmuxTests.swift", snippet: "usleep(1_000_000)",
                why: "the idle TUI's measurement starts once start-up's threads have wound down"),
        Allowed(file: "Tests/TUITests/LiveAcrossProcessesTmuxTests.swift", snippet: "usleep(UInt32(window * 1_000_000))",
                why: "the measurement window of an idle TUI's wake-ups"),
    ]

    /// A sleep in Swift, Python or a shell script embedded in either, or a
    /// wait whose expected outcome is that it runs out.
    static let sleepPattern = try! NSRegularExpression(
        pattern: #"(?<![A-Za-z0-9_])u?sleep\(|\.sleep\(|(?<![A-Za-z0-9_.\-])sleep +[0-9.$\\]|expect\(.*==\s*\.timedOut\b"#)

    static func isSleep(_ line: String) -> Bool {
        sleepPattern.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil
    }

    /// Test code: Swift, Python and shell files under `Tests/`, less this one.
    static func testFiles() -> [String] { TestSources.files(excluding: #filePath) }

    @Test func theDetectorFindsEveryKindOfSleep() {
        for line in [
            "sleep(1)", "usleep(20_000)", "try await Task.sleep(for: .seconds(1))", "Thread.sleep(forTimeInterval: 1)",
            "time.sleep(0.5)", "( sleep 0.02; rm -rf x ) &", "sleep \\(delay)", "kill $P; sleep $T", "sleep .5; echo",
            "#expect(done.wait(timeout: .now() + 3) == .timedOut)",
        ] {
            #expect(Self.isSleep(line), "\(line)")
        }
        for line in [
            "// no fixed sleep is the only synchronisation", "let asleep = true", "sleepless(3)",
            "if exited.wait(timeout: .now() + deadline) == .timedOut { kill(pid, SIGKILL) }",
        ] {
            #expect(!Self.isSleep(line), "\(line)")
        }
    }

    @Test func everySleepInTestCodeIsListedWithWhyItIsSafe() throws {
        #expect(!Self.testFiles().isEmpty)
        let (offending, stale) = try TestSources.check(Self.testFiles(), allowed: Self.allowed) { _, _, lines, index in
            Self.isSleep(lines[index])
        }
        if !offending.isEmpty {
            print("Sleeps in test code with no reason on SleepRuleTests.allowed:\n" + offending.joined(separator: "\n"))
        }
        #expect(offending.isEmpty, """
            a fixed sleep must not be a test's only synchronisation: wait on the event itself, or list the line \
            in SleepRuleTests.allowed with why it is safe:
            \(offending.joined(separator: "\n"))
            """)
        // Entries whose line has gone: the list says only what is true.
        #expect(stale.isEmpty, "entries that match no line any more:\n\(stale.joined(separator: "\n"))")
    }
}
