import KernelDomain
import KernelServices

/// Session tokens from the system's cryptographically secure generator
/// (`SystemRandomNumberGenerator`: getrandom(2) on Linux, arc4random on
/// Apple platforms): 32 random bytes, 256 bits, as lowercase hex behind a
/// `facet_` prefix so secret scanners and people can recognise one.
public struct SecureTokenGenerator: TokenGenerator {
    public static let byteCount = 32
    public static let prefix = "facet_"

    public init() {}

    public func makeToken() -> SessionToken {
        var generator = SystemRandomNumberGenerator()
        var hex = Self.prefix
        for _ in 0..<Self.byteCount {
            let byte = UInt8.random(in: .min ... .max, using: &generator)
            hex += String(byte, radix: 16).leftPadded(to: 2)
        }
        return SessionToken(hex)
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
