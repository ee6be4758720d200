import Foundation
import Testing
import TestSupport

/// Where the database lives without `FACET_HOME` (README: `$FACET_HOME`,
/// else `$XDG_DATA_HOME/facet`, else `~/.local/share/facet`), through the
/// built binary with each variable set or unset; mode 0600 either way.
@Suite struct DataHomeFallbackTests {
    /// Runs `facet playlists` with exactly `environment` (no FACET_HOME
    /// unless given), under a deadline.
    func facet(_ environment: [String: String]) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: FacetProcess.binary)
        process.arguments = ["playlists"]
        process.environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "NO_COLOR": "1"].merging(environment) { $1 }
        let err = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = ChildDeadline(process, seconds: 120)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        deadline.finish()
        if deadline.expired { throw deadline.failure("facet playlists", stderr: stderr) }
        return (process.terminationStatus, stderr)
    }

    func mode(_ path: String) -> mode_t? {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o777 : nil
    }

    @Test func xdgDataHomeIsUsedWhenFacetHomeIsUnset() throws {
        let xdg = TemporaryDirectory("facet-xdg")
        let home = TemporaryDirectory("facet-user-home")
        let result = try facet(["XDG_DATA_HOME": xdg.path, "HOME": home.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(mode(xdg.path + "/facet/facet.sqlite") == 0o600)
        #expect(!FileManager.default.fileExists(atPath: home.path + "/.local"))
    }

    @Test func dotLocalShareIsUsedWhenNeitherIsSet() throws {
        let home = TemporaryDirectory("facet-user-home")
        let result = try facet(["HOME": home.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(mode(home.path + "/.local/share/facet/facet.sqlite") == 0o600)
    }

    /// An empty variable counts as unset (a shell's `XDG_DATA_HOME=`).
    @Test func emptyVariablesAreSkipped() throws {
        let home = TemporaryDirectory("facet-user-home")
        let result = try facet(["HOME": home.path, "FACET_HOME": "", "XDG_DATA_HOME": ""])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(mode(home.path + "/.local/share/facet/facet.sqlite") == 0o600)
    }

    @Test func facetHomeWinsOverXDGDataHome() throws {
        let facetHome = TemporaryDirectory("facet-home")
        let xdg = TemporaryDirectory("facet-xdg")
        let result = try facet(["FACET_HOME": facetHome.path, "XDG_DATA_HOME": xdg.path, "HOME": xdg.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(mode(facetHome.path + "/facet.sqlite") == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: xdg.path).isEmpty)
    }
}
