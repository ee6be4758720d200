/// The string literals of a Swift source with their line numbers, skipping
/// comments. Enough of Swift's lexical rules for a lint: `//` and nested
/// `/* */` comments, `"…"` with escapes, `"""…"""`, raw `#"…"#`. A literal
/// with interpolation is returned as written between its quotes.
enum SwiftLiterals {
    static func strings(in source: String) -> [(text: String, line: Int)] {
        let chars = Array(source.unicodeScalars)
        var result: [(String, Int)] = []
        var i = 0
        var line = 1
        func peek(_ offset: Int) -> Unicode.Scalar? { i + offset < chars.count ? chars[i + offset] : nil }
        while i < chars.count {
            let c = chars[i]
            if c == "\n" { line += 1; i += 1; continue }
            if c == "/", peek(1) == "/" {
                while i < chars.count, chars[i] != "\n" { i += 1 }
                continue
            }
            if c == "/", peek(1) == "*" {
                var depth = 0
                repeat {
                    if chars[i] == "\n" { line += 1 }
                    if chars[i] == "/", peek(1) == "*" { depth += 1; i += 2; continue }
                    if chars[i] == "*", peek(1) == "/" { depth -= 1; i += 2; continue }
                    i += 1
                } while i < chars.count && depth > 0
                continue
            }
            // A literal: count the raw-string hashes, then the quotes.
            var hashes = 0
            while peek(hashes) == "#" { hashes += 1 }
            guard peek(hashes) == "\"" else { i += 1; continue }
            let startLine = line
            i += hashes
            let multiline = peek(1) == "\"" && peek(2) == "\""
            let quotes = multiline ? 3 : 1
            if !multiline, peek(1) == "\"" {  // "" — the empty string
                result.append(("", startLine))
                i += 2 + hashes
                continue
            }
            i += quotes
            var text = String.UnicodeScalarView()
            while i < chars.count {
                let d = chars[i]
                if d == "\\", hashes == 0, peek(1) == "(" {
                    // An interpolation: skip to its closing parenthesis,
                    // over any strings inside it.
                    text.append(d)
                    text.append("(")
                    i += 2
                    var depth = 1
                    while i < chars.count, depth > 0 {
                        let e = chars[i]
                        if e == "(" { depth += 1 }
                        if e == ")" { depth -= 1 }
                        if e == "\"" {
                            text.append(e)
                            i += 1
                            while i < chars.count, chars[i] != "\"" {
                                if chars[i] == "\\" { text.append(chars[i]); i += 1 }
                                if i < chars.count { text.append(chars[i]); i += 1 }
                            }
                        }
                        if i < chars.count { text.append(chars[i]); i += 1 }
                    }
                    continue
                }
                if d == "\\", hashes == 0 {
                    text.append(d)
                    if i + 1 < chars.count { text.append(chars[i + 1]) }
                    i += 2
                    continue
                }
                if d == "\n" { line += 1 }
                if d == "\"" {
                    var closing = true
                    for k in 0..<quotes where peek(k) != "\"" { closing = false }
                    for k in 0..<hashes where peek(quotes + k) != "#" { closing = false }
                    if closing {
                        i += quotes + hashes
                        break
                    }
                }
                text.append(d)
                i += 1
            }
            result.append((String(text), startLine))
        }
        return result
    }
}
