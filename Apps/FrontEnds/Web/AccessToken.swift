/// The secret a browser must show once (in the printed URL) to get its
/// session cookie. Whoever can read the URL is the user; nothing else on
/// the machine (another user, a web page in the same browser) can guess it.
struct AccessToken: Sendable {
    let value: String

    /// 32 bytes from the system's generator (getrandom on Linux), as hex.
    static func random() -> AccessToken {
        var generator = SystemRandomNumberGenerator()
        let hex = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for _ in 0..<32 {
            let byte = UInt8.random(in: 0...255, using: &generator)
            text.append(hex[Int(byte >> 4)])
            text.append(hex[Int(byte & 0xF)])
        }
        return AccessToken(value: String(decoding: text, as: UTF8.self))
    }

    /// Compares without an early exit, so the time taken says nothing about
    /// how many leading characters of a guess were right.
    func matches(_ candidate: some StringProtocol) -> Bool {
        let expected = Array(value.utf8)
        let given = Array(candidate.utf8)
        var difference = UInt8(truncatingIfNeeded: expected.count ^ given.count)
        for index in 0..<expected.count {
            difference |= expected[index] ^ (index < given.count ? given[index] : 0)
        }
        return difference == 0
    }
}
