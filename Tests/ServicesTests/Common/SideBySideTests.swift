import Foundation
import Synchronization
@testable import Services
import Testing

/// Two jobs at once: both results come back, and the main job's error is
/// thrown only after the side job has finished.
@Suite struct SideBySideTests {
    struct Failure: Error, Equatable {}

    @Test func bothResultsComeBack() throws {
        let (sum, text) = try SideBySide.run({ (1...1000).reduce(0, +) }, side: { String(repeating: "a", count: 3) })
        #expect(sum == 500_500)
        #expect(text == "aaa")
    }

    @Test func theMainErrorWaitsForTheSideJob() {
        let sideDone = Mutex(false)
        #expect(throws: Failure()) {
            _ = try SideBySide.run({ () throws -> Int in throw Failure() }, side: {
                Thread.sleep(forTimeInterval: 0.05)
                sideDone.withLock { $0 = true }
            })
        }
        #expect(sideDone.withLock { $0 })
    }
}
