import Crypto
import KernelDomain
import KernelServices

/// Hashes session tokens with SHA-256 (swift-crypto) for storage. A plain,
/// unsalted hash is right here: the token already carries 256 random bits,
/// so there is nothing to brute-force, and a stable hash lets a token be
/// looked up by its hash.
public struct SHA256TokenHasher: TokenHasher {
    public init() {}

    public func hash(_ token: SessionToken) -> String {
        let digest = SHA256.hash(data: Array(token.reveal().utf8))
        return digest.map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }.joined()
    }
}
