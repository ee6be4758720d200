import KernelDomain
import KernelServices

/// Hashes session tokens with SHA-256 (KernelServices) for storage. A plain,
/// unsalted hash is right here: the token already carries 256 random bits,
/// so there is nothing to brute-force, and a stable hash lets a token be
/// looked up by its hash.
public struct SHA256TokenHasher: TokenHasher {
    public init() {}

    public func hash(_ token: SessionToken) -> String {
        SHA256.hex(data: token.reveal().utf8)
    }
}
