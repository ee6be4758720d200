import Foundation
import KernelDomain

/// Opens a page in the user's browser: `$BROWSER` if set, else `xdg-open`
/// when a graphical session is there (`DISPLAY`/`WAYLAND_DISPLAY`), so a
/// text browser never takes over a terminal Facet is drawing on.
///
/// The program runs with an argument vector (`[program, url]`) through
/// `Process` (posix_spawn), never through a shell, so no character of the
/// URL can become a command. Refuses anything but `https://`.
public struct ProcessURLOpener: URLOpener {
    private let environment: [String: String]

    public init(environment: [String: String]) { self.environment = environment }

    /// The program that would open pages, or nil when there is none.
    public var program: String? {
        if let browser = environment["BROWSER"]?.split(separator: ":").first.map(String.init), !browser.isEmpty {
            return browser
        }
        let graphical = !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
        guard graphical else { return nil }
        return Self.find("xdg-open", path: environment["PATH"] ?? "/usr/bin:/bin")
    }

    public func open(_ url: String) async throws(URLOpenError) -> Bool {
        guard url.lowercased().hasPrefix("https://") else {
            throw .refused(url: String(url.prefix(200)), reason: "only https:// pages are opened")
        }
        guard let program else { return false }
        let executable = program.contains("/") ? program : Self.find(program, path: environment["PATH"] ?? "/usr/bin:/bin")
        guard let executable else { throw .launchFailed(program: program, detail: "not found on PATH") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [url]
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw .launchFailed(program: program, detail: error.localizedDescription)
        }
        return true
    }

    static func find(_ name: String, path: String) -> String? {
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
