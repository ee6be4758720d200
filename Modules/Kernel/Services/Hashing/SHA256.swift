import CLibCrypto

/// SHA-256, from OpenSSL's libcrypto: the digest of a session token (only
/// the hash is stored), of a fetched list's body (its fingerprint) and of a
/// picture's URL (its cache file's name). Foundation on Linux has no hash
/// API and a hand-written SHA-256 is not Facet's to keep; libcrypto is a
/// system library the static release link already knows how to take, where
/// a Swift crypto package compiled a second copy of BoringSSL into every
/// first build for this one function.
public enum SHA256 {
    /// The 32-byte digest of `bytes`.
    public static func hash(data bytes: some Sequence<UInt8>) -> [UInt8] {
        let hasher = SHA256Hasher()
        let done: Void? = bytes.withContiguousStorageIfAvailable { hasher.update(UnsafeRawBufferPointer($0)) }
        if done == nil { Array(bytes).withUnsafeBytes { hasher.update($0) } }
        return hasher.finalize()
    }

    /// The digest in lowercase hexadecimal, as it is stored and named.
    public static func hex(data bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for byte in hash(data: bytes) {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}

/// A SHA-256 fed piece by piece, for a body hashed while it arrives. Not
/// thread-safe: its owner serialises the calls (a lock, or one event loop).
public final class SHA256Hasher {
    private let context: OpaquePointer
    private var finished = false

    public init() {
        // Only allocation can fail here, and the process cannot go on then.
        guard let context = EVP_MD_CTX_new(), EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1 else {
            fatalError("libcrypto could not start a SHA-256")
        }
        self.context = context
    }

    deinit { EVP_MD_CTX_free(context) }

    public func update(_ bytes: UnsafeRawBufferPointer) {
        precondition(!finished, "SHA256Hasher updated after finalize()")
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        EVP_DigestUpdate(context, base, bytes.count)
    }

    /// The digest of everything fed; the hasher takes nothing more after it.
    public func finalize() -> [UInt8] {
        precondition(!finished, "SHA256Hasher finalized twice")
        finished = true
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        EVP_DigestFinal_ex(context, &digest, &length)
        return digest
    }
}
