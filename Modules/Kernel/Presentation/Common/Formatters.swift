import Foundation
import ScreenKit

/// Display formatting shared by every screen, so front ends agree on text.
public enum Formatters {
    public static func count(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(grouped(n)) \(n == 1 ? singular : (plural ?? singular + "s"))"
    }

    /// 1234567 → "1,234,567": stable across locales so snapshots are too.
    public static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return n < 0 ? "-" + out : out
    }

    /// For people: UTC, minute precision ("2026-11-22 14:05 UTC"):
    /// unambiguous and stable in tests.
    public static func timestamp(_ date: Date) -> String {
        let t = UTCTime(date)
        return "\(pad(t.year, 4))-\(pad(t.month))-\(pad(t.day)) \(pad(t.hour)):\(pad(t.minute)) UTC"
    }

    /// For programs: ISO 8601 in UTC, whole seconds ("2026-11-22T14:05:07Z"),
    /// the form of every `datetime` value.
    public static func iso8601(_ date: Date) -> String {
        let t = UTCTime(date)
        return "\(pad(t.year, 4))-\(pad(t.month))-\(pad(t.day))T\(pad(t.hour)):\(pad(t.minute)):\(pad(t.second))Z"
    }

    /// For a table cell: the UTC day ("2026-11-22").
    public static func day(_ date: Date) -> String {
        let t = UTCTime(date)
        return "\(pad(t.year, 4))-\(pad(t.month))-\(pad(t.day))"
    }

    /// A time as a typed value with its display text.
    public static func datetime(_ date: Date) -> (value: TypedValue, display: String) {
        (.string(iso8601(date)), timestamp(date))
    }

    /// 225 → "3:45", 3723 → "1:02:03": a song's length as players show it.
    public static func duration(_ seconds: Int) -> String {
        let s = max(0, seconds)
        // Plain interpolation: `String(format:)` goes through CFString and
        // costs microseconds per row of a long playlist.
        if s >= 3600 { return "\(s / 3600):\(pad(s / 60 % 60)):\(pad(s % 60))" }
        return "\(s / 60):\(pad(s % 60))"
    }

    private static func pad(_ n: Int, _ width: Int = 2) -> String {
        let digits = String(n)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
