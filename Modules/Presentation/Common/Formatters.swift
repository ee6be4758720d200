import Foundation

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

    /// ISO-8601 in UTC, minute precision: unambiguous and stable in tests.
    public static func timestamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return String(format: "%04d-%02d-%02d %02d:%02d UTC", c.year!, c.month!, c.day!, c.hour!, c.minute!)
    }
}
