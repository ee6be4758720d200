import Foundation
import KernelDomain

/// One session with an MPD server: the greeting, the password, commands and
/// command lists, each answer read within its bounds (line length, number
/// of lines) and before its deadline.
final class MPDConnection {
    static let lineLimit = 1 << 20
    /// More lines than any real answer Facet asks for (a queue window, a
    /// stored playlist of a few hundred thousand songs) and far fewer than
    /// an endless list sends before its deadline.
    static let pairLimit = 1_000_000

    let socket: MPDSocket
    let version: String
    let timeout: TimeInterval

    init(_ address: MusicPlayerAddress, timeout: TimeInterval) throws(MusicPlayerError) {
        self.timeout = timeout
        let deadline = Date(timeIntervalSinceNow: timeout)
        socket = try MPDSocket.connect(address, deadline: deadline)
        let greeting: String
        do {
            greeting = try socket.readLine(limit: 256, deadline: deadline)
        } catch {
            throw MusicPlayerError(.unreachable, "No MPD at \(address.description): start mpd or set mpd-host (\(error.detail)).")
        }
        guard greeting.hasPrefix("OK MPD ") else {
            socket.close()
            throw MusicPlayerError(
                .protocolViolation, "No MPD at \(address.description): something else answers there (start mpd or set mpd-host).")
        }
        version = String(greeting.dropFirst(7))
        if let password = address.password {
            do {
                _ = try command("password", [password])
            } catch {
                throw MusicPlayerError(.permission, "MPD at \(address.description) refused the password.")
            }
        }
    }

    func close() { socket.close() }

    /// Runs one command: its answer's `key: value` pairs.
    func command(_ name: String, _ arguments: [String] = []) throws(MusicPlayerError) -> [(String, String)] {
        let deadline = Date(timeIntervalSinceNow: timeout)
        var line = MPDCommands()
        line.append(name, arguments)
        try socket.write(line.bytes[...], deadline: deadline)
        return try readAnswer(deadline: deadline)
    }

    /// Reads up to `OK`; an `ACK` becomes a `.refused` error with MPD's words.
    func readAnswer(deadline: Date?, cancelled: () -> Bool = { false }) throws(MusicPlayerError) -> [(String, String)] {
        var pairs: [(String, String)] = []
        while true {
            let line = try socket.readLine(limit: Self.lineLimit, deadline: deadline, cancelled: cancelled)
            if line == "OK" { return pairs }
            if line.hasPrefix("ACK ") { throw Self.refusal(line) }
            guard let colon = line.firstIndex(of: ":") else {
                throw MusicPlayerError(.protocolViolation, "MPD at \(socket.name) sent something that is not MPD's protocol.")
            }
            var value = line[line.index(after: colon)...]
            if value.first == " " { value = value.dropFirst() }
            pairs.append((String(line[..<colon]), String(value)))
            guard pairs.count <= Self.pairLimit else {
                throw MusicPlayerError(.protocolViolation, "MPD at \(socket.name) sent a list longer than \(Self.pairLimit) lines.")
            }
        }
    }

    /// Runs commands `range` of `commands` as one command list: one write,
    /// one answer line. MPD stops at the first command it refuses and names
    /// its index (`ACK [50@3]`): how many succeeded, and that refusal.
    /// (Without `_ok_`, so ten thousand adds answer one `OK`, not ten
    /// thousand `list_OK` lines.)
    func commandList(_ commands: MPDCommands, _ range: Range<Int>) throws(MusicPlayerError) -> (done: Int, refused: MusicPlayerError?) {
        guard !range.isEmpty else { return (0, nil) }
        // Proportional to the list: ten thousand songs are not one reply's time.
        let deadline = Date(timeIntervalSinceNow: timeout + Double(range.count) / 1000)
        let body = commands.bytes(of: range)
        var text: [UInt8] = []
        text.reserveCapacity(body.count + 40)
        text += "command_list_begin\n".utf8
        text += body
        text += "command_list_end\n".utf8
        try socket.write(text[...], deadline: deadline)
        while true {
            let line = try socket.readLine(limit: Self.lineLimit, deadline: deadline)
            if line == "OK" { return (range.count, nil) }
            if line.hasPrefix("ACK ") {
                let index = line.drop { $0 != "@" }.dropFirst().prefix { $0.isNumber }
                guard let done = Int(index), (0..<range.count).contains(done) else {
                    throw MusicPlayerError(.protocolViolation, "MPD at \(socket.name) refused a command list without saying where.")
                }
                return (done, Self.refusal(line))
            }
            // Another command's output (none of ours print any) is skipped, bounded by the deadline.
        }
    }

    /// `ACK [50@3] {add} No such directory` → "No such directory".
    static func refusal(_ line: String) -> MusicPlayerError {
        var message = Substring(line.dropFirst(4))
        if let close = message.firstIndex(of: "}") { message = message[message.index(after: close)...] }
        let text = message.trimmingCharacters(in: .whitespaces)
        let code = line.dropFirst(5).prefix { $0.isNumber }
        if code == "4" { return MusicPlayerError(.permission, "MPD refused: \(text) (a password may be needed: password@host in mpd-host).") }
        if code == "50" { return MusicPlayerError(.notFound, text) }
        if code == "51" { return MusicPlayerError(.queueFull, "MPD's queue is full (its max_playlist_length): \(text)") }
        return MusicPlayerError(.refused, text.isEmpty ? "MPD refused the command." : text)
    }
}
