/// `text` as one word of a POSIX shell line, whatever it holds.
public func shellQuoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
