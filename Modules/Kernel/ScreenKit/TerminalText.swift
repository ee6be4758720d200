#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Text preparation shared by the terminal front ends (CLI and TUI): making
/// untrusted text safe to print, and measuring it in terminal cells.
public enum TerminalText {
    /// Removes control characters and escape sequences (CSI, OSC, DCS, …) so
    /// text from files, folders or the network cannot move the cursor, change
    /// the title, or hide output. Newlines and tabs become spaces: one item is
    /// one line.
    public static func sanitize(_ text: String) -> String {
        // Fast paths: most text has nothing to strip.
        if isPrintableASCII(text) || !text.unicodeScalars.contains(where: isControl) { return text }
        var out = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil
        while let scalar = pending ?? scalars.next() {
            pending = nil
            switch scalar.value {
            case 0x1B:  // ESC: drop the whole sequence it starts
                guard let next = scalars.next() else { break }
                switch next {
                case "[":  // CSI: parameters then one final byte 0x40–0x7E
                    while let s = scalars.next() { if (0x40...0x7E).contains(s.value) { break } }
                case "]", "P", "X", "^", "_":  // OSC/DCS/SOS/PM/APC: to BEL or ST
                    while let s = scalars.next() {
                        if s.value == 0x07 || s.value == 0x9C { break }
                        if s.value == 0x1B { _ = scalars.next(); break }
                    }
                default:
                    break  // two-character escape: both dropped
                }
            case 0x9B:  // 8-bit CSI
                while let s = scalars.next() { if (0x40...0x7E).contains(s.value) { break } }
            case 0x9D, 0x90, 0x98, 0x9E, 0x9F:  // 8-bit OSC/DCS/SOS/PM/APC
                while let s = scalars.next() { if s.value == 0x07 || s.value == 0x9C { break } }
            case 0x09, 0x0A, 0x0D:
                out.append(" ")
            default:
                if !isControl(scalar) { out.append(scalar) }
            }
        }
        return String(out)
    }

    /// Only printable ASCII (0x20–0x7E): nothing to strip, one cell a byte.
    /// Checked on the bytes, it spares most cells of a table (ids, URLs,
    /// English titles) the per-character work of grapheme breaking.
    static func isPrintableASCII(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in bytes.allSatisfy { $0 &- 0x20 < 0x5F } }
            ?? text.utf8.allSatisfy { $0 &- 0x20 < 0x5F }
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x20 || v == 0x7F || (0x80...0x9F).contains(v) || v == 0x2028 || v == 0x2029
            || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)  // bidi overrides
    }

    /// Cells the character takes in a terminal: 0 for combining marks, 2 for
    /// wide (CJK, most emoji), 1 otherwise.
    public static func width(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x7F { return first.value < 0x20 ? 0 : 1 }
        // An emoji presentation selector or a keycap/ZWJ sequence is drawn wide.
        if scalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        if first.properties.isEmojiPresentation { return 2 }
        return max(0, scalarWidth(first))
    }

    static func scalarWidth(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if scalar.properties.generalCategory == .nonspacingMark
            || scalar.properties.generalCategory == .enclosingMark || v == 0x200B || v == 0x200D {
            return 0
        }
        // East Asian Wide and Fullwidth ranges (Unicode 15, abridged to blocks).
        switch v {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3,
            0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1, 0x26AA...0x26AB,
            0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2...0x26F3, 0x26F5, 0x26FA,
            0x26FD, 0x2705, 0x270A...0x270B, 0x2728, 0x274C, 0x274E, 0x2753...0x2755, 0x2757,
            0x2795...0x2797, 0x27B0, 0x27BF, 0x2B1B...0x2B1C, 0x2B50, 0x2B55, 0x2E80...0x303E,
            0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF, 0x1F004, 0x1F0CF,
            0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F251, 0x1F300...0x1F64F, 0x1F680...0x1F6FF,
            0x1F7E0...0x1F7EB, 0x1F90C...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    /// Cells the whole string takes.
    public static func width(_ text: String) -> Int {
        if isPrintableASCII(text) { return text.utf8.count }
        var total = 0
        for character in text { total += width(of: character) }
        return total
    }

    /// Cuts `text` to at most `cells` cells, ending with an ellipsis when cut;
    /// never splits a character (a wide one that would straddle is dropped).
    public static func truncate(_ text: String, to cells: Int, ellipsis: String = "…") -> String {
        guard cells > 0 else { return "" }
        if width(text) <= cells { return text }
        let room = cells - width(ellipsis)
        guard room >= 0 else { return "" }
        if isPrintableASCII(text) { return String(Substring(text.utf8.prefix(room))) + ellipsis }
        var out = ""
        var used = 0
        for character in text {
            let w = width(of: character)
            if used + w > room { break }
            out.append(character)
            used += w
        }
        return out + ellipsis
    }

    /// Pads with spaces to exactly `cells` cells (truncating first if longer).
    public static func pad(_ text: String, to cells: Int, alignRight: Bool = false) -> String {
        let cut = truncate(text, to: cells)
        let gap = String(repeating: " ", count: max(0, cells - width(cut)))
        return alignRight ? gap + cut : cut + gap
    }
}
