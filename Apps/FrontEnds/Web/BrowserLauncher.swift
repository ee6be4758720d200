import Foundation

/// `--open`: the URL goes to `$BROWSER` if set, else `xdg-open`. The URL is
/// an argument, never part of a shell line.
enum BrowserLauncher {
    static func open(_ url: String, environment: [String: String]) {
        let process = Process()
        if let browser = environment["BROWSER"], !browser.isEmpty {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [browser, url]
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["xdg-open", url]
        }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            WebFrontEnd.fail("facet: could not start a browser (\(error.localizedDescription)); open the URL yourself")
        }
    }
}
