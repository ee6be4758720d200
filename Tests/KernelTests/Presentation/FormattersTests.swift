import Foundation
import KernelDomain
@testable import KernelPresentation
import Testing

/// The figures every screen shows and every program reads: one binary unit
/// system, labelled; times in UTC; song lengths as players show them.
@Suite struct FormattersTests {
    @Test func timesAreUTCForPeopleAndISO8601ForPrograms() {
        let date = Date(timeIntervalSince1970: 1_700_000_000.9)
        #expect(Formatters.timestamp(date) == "2023-11-14 22:13 UTC")
        #expect(Formatters.iso8601(date) == "2023-11-14T22:13:20Z")
        #expect(Formatters.datetime(date).value == .string("2023-11-14T22:13:20Z"))
        #expect(Formatters.day(date) == "2023-11-14")
        #expect(Formatters.day(Date(timeIntervalSince1970: -1)) == "1969-12-31")
    }

    @Test func utcFieldsAgreeWithFoundationsCalendar() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var seconds: [Double] = [0, -1, -86_400, 951_782_400, 951_868_800, 4_107_542_400, 253_402_300_799, -2_208_988_800]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<2000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            seconds.append(Double(Int64(bitPattern: state >> 1) % 20_000_000_000 - 5_000_000_000))
        }
        for value in seconds {
            let date = Date(timeIntervalSince1970: value)
            let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
            let t = UTCTime(date)
            #expect([t.year, t.month, t.day, t.hour, t.minute, t.second] == [c.year, c.month, c.day, c.hour, c.minute, c.second].map { $0! },
                    "\(value)")
        }
    }

    @Test func songLengthsReadLikeAPlayer() {
        #expect(Formatters.duration(0) == "0:00")
        #expect(Formatters.duration(5) == "0:05")
        #expect(Formatters.duration(225) == "3:45")
        #expect(Formatters.duration(3723) == "1:02:03")
        #expect(Formatters.duration(3600) == "1:00:00")
        #expect(Formatters.duration(59 * 60 + 59) == "59:59")
        #expect(Formatters.duration(-4) == "0:00")
    }

    /// The rate-limit reset clock is plain arithmetic on the zone's offset;
    /// it must read what a `DateFormatter` reads, across zones and days.
    @Test func resetClockAgreesWithFoundationsFormatter() throws {
        let zones = try ["UTC", "Asia/Kolkata", "America/St_Johns", "Pacific/Kiritimati", "Pacific/Pago_Pago", "Europe/Berlin"]
            .map { try #require(TimeZone(identifier: $0)) }
        for zone in zones {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = zone
            formatter.dateFormat = "HH:mm"
            for seconds in stride(from: -90_000.0, to: 1_800_000_000, by: 7_777_777.7) {
                let date = Date(timeIntervalSince1970: seconds)
                #expect(HTTPTime.clock(date, in: zone) == formatter.string(from: date), "\(zone.identifier) \(seconds)")
            }
        }
    }
}
