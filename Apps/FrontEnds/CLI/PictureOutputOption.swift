import Foundation
import ScreenKit

/// `--output FILE`: where an action that hands back a picture (`facet photo
/// 7 image`, `facet playlist NAME cover 3`) writes its bytes, exactly as
/// fetched. Without it the bytes go to stdout, but only when stdout is not
/// a terminal: binary bytes would scramble the terminal.
enum PictureOutputOption {
    static let option = "--output"

    /// Removes `--output FILE` / `--output=FILE` from `tokens`.
    static func extract(from tokens: inout [String]) throws(ScreenError) -> String? {
        var file: String?
        var rest: [String] = []
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            if token == option {
                guard index < tokens.count, !tokens[index].isEmpty else { throw usage("option --output needs a file, such as --output cover.jpg") }
                file = tokens[index]
                index += 1
            } else if token.hasPrefix(option + "=") {
                file = String(token.dropFirst(option.count + 1))
                guard file?.isEmpty == false else { throw usage("option --output needs a file, such as --output=cover.jpg") }
            } else {
                rest.append(token)
            }
        }
        tokens = rest
        return file
    }

    /// Writes `picture` where the command line asked; returns the exit status.
    /// A file that exists is replaced only when confirmed (`--yes`, or `y` on
    /// a terminal), as every action that overwrites data is: the picture is
    /// safe to fetch again, the file it would replace may not be.
    static func deliver(
        _ picture: PictureContent, to file: String?, out: Output, confirmation: CLIConfirmation, command: [String]
    ) -> Int32 {
        guard let file else {
            guard !out.stdoutIsTerminal else {
                out.error("the \(picture.mimeType) picture (\(picture.width)×\(picture.height), \(picture.bytes.count) bytes) "
                    + "is not printed on a terminal: add --output FILE, or pipe it to a program")
                return 2
            }
            _ = StandardStreams.write(picture.bytes, to: StandardStreams.output)
            return 0
        }
        var existing = stat()
        if lstat(file, &existing) == 0, !confirmation.yes {
            let question = "Replace \(file) (\(existing.st_size) bytes)? This cannot be undone."
            switch confirmation.ask(question) {
            case true?:
                break
            case false?:
                out.error("not confirmed; nothing was changed")
                return CLIConfirmation.exitStatus
            case nil:
                let line = CommandText.line(command + [option, file, CLIConfirmation.option])
                out.error("\(question) Not asked, as stdin is not a terminal; nothing was changed. To go ahead: \(line)")
                return CLIConfirmation.exitStatus
            }
        }
        let temporary = file + ".facet-\(getpid()).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(picture.bytes)) else {
            out.error("cannot write \(file): \(String(cString: strerror(errno)))")
            return 1
        }
        guard rename(temporary, file) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            out.error("cannot write \(file): \(reason)")
            return 1
        }
        out.note("wrote \(file): \(picture.mimeType), \(picture.width)×\(picture.height), \(picture.bytes.count) bytes")
        return 0
    }

    static func usage(_ message: String) -> ScreenError { .invalidParams(message, code: "invalid_output") }
}
