import Foundation
import Testing
import TestSupport

/// The deadline every test child runs under: a hung child and what it
/// started are killed, and the test gets an error instead of hanging.
@Suite struct ChildDeadlineTests {
    @Test func aHungChildAndItsChildrenAreKilledAtTheDeadline() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        // A grandchild holding the pipe open would keep a reader waiting
        // even after bash itself died.
        process.arguments = ["-c", "sleep 120 & sleep 120"]
        let out = Pipe()
        process.standardOutput = out
        let started = Date()
        try process.run()
        let deadline = ChildDeadline(process, seconds: 1)
        _ = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        deadline.finish()
        #expect(deadline.expired)
        #expect(Date().timeIntervalSince(started) < 30)
        #expect(deadline.failure("sleep", stderr: "").description.contains("ran past its 1 s deadline"))
    }

    @Test func aChildThatEndsInTimeIsNotMarked() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        let deadline = ChildDeadline(process, seconds: 60)
        process.waitUntilExit()
        deadline.finish()
        #expect(!deadline.expired)
    }
}
