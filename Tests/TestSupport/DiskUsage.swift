import Foundation

/// The peer every folder-size test compares against: `du -sb` (apparent
/// bytes), run on the spot as a user would check Facet's figure.
public enum DiskUsage {
    public static func apparentBytes(_ path: String, extra: [String] = []) throws -> Int64 {
        Int64(try du(["-sb"] + extra + [path]).split(separator: "\t").first ?? "") ?? -1
    }

    /// What `du` prints with these arguments; a du that hangs (a deep tree on
    /// a stalled disk) is killed at its deadline and the test fails.
    public static func du(_ arguments: [String], timeout: TimeInterval = 120) throws -> String {
        let run = try BoundedProcess.run("/usr/bin/du", arguments, timeout: timeout)
        guard run.status != nil else { throw TimedOut(arguments: arguments, seconds: timeout) }
        return run.stdout
    }

    public struct TimedOut: Error, CustomStringConvertible {
        public var arguments: [String]
        public var seconds: TimeInterval
        public var description: String { "du \(arguments.joined(separator: " ")) ran past its \(Int(seconds)) s deadline" }
    }
}
