extension String {
    /// Runs `body` on the string's UTF-8 bytes where they are: a native
    /// string is contiguous UTF-8, so the bulk writers bind it with no copy
    /// and no retain; a bridged one is copied once.
    public func withBorrowedUTF8<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        if let result = try utf8.withContiguousStorageIfAvailable({ try body(UnsafeRawBufferPointer($0)) }) {
            return result
        }
        return try Array(utf8).withUnsafeBytes(body)
    }
}
