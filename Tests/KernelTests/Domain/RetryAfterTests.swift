import Foundation
import KernelDomain
import Testing

/// `Retry-After` in both of its forms, white space around it allowed.
@Suite struct RetryAfterTests {
    @Test func secondsOrAnHTTPDate() {
        #expect(HTTPTime.retryAfter("120") == 120)
        #expect(HTTPTime.retryAfter(" 120\t") == 120)
        let now = Date(timeIntervalSince1970: 1_000_000_000)  // Sun, 09 Sep 2001 01:46:40 GMT
        #expect(HTTPTime.retryAfter(" Sun, 09 Sep 2001 01:47:40 GMT ", now: now) == 60)
    }

    @Test func nothingUsableIsNil() {
        #expect(HTTPTime.retryAfter(nil) == nil)
        #expect(HTTPTime.retryAfter("  ") == nil)
        #expect(HTTPTime.retryAfter("-5") == nil)
        #expect(HTTPTime.retryAfter("soon") == nil)
    }
}
