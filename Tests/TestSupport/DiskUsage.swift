import Foundation

/// The peer every folder-size test compares against: `du -sb` (apparent
/// bytes), run on the spot as a user would check Facet's figure.
public enum DiskUsage {
    public static func apparentBytes(_ path: String, extra: [String] = []) throws -> Int64 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/du")
        process.arguments = ["-sb"] + extra + [path]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Int64(String(decoding: data, as: UTF8.self).split(separator: "\t").first ?? "") ?? -1
    }
}
