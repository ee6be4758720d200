import Foundation

/// A moment's UTC calendar fields, by arithmetic on the Unix time (the
/// proleptic Gregorian "days from civil" algorithm): every row of a table
/// carries a time, so this runs thousands of times per screen and must not
/// build a `Calendar` each time. Seconds are cut down, never rounded up.
struct UTCTime {
    let year, month, day, hour, minute, second: Int

    init(_ date: Date) {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let (days, daySeconds) = Self.floorDivide(seconds, 86_400)
        hour = daySeconds / 3600
        minute = daySeconds / 60 % 60
        second = daySeconds % 60
        let z = days + 719_468
        let era = Self.floorDivide(z, 146_097).0
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    static func floorDivide(_ a: Int, _ b: Int) -> (Int, Int) {
        let q = a / b
        let r = a % b
        return r < 0 ? (q - 1, r + b) : (q, r)
    }
}
