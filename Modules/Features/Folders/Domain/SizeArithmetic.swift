import KernelDomain

/// Sums of sizes that cannot trap.
///
/// A size read from the disk or from an export can be anything up to
/// `Int64.max` (a sparse file may claim 8 EiB), so two of them can overflow
/// a sum; an overflow traps in Swift and would end the process, and with it
/// a shared server. Totals are held at the bound instead (a total there
/// reads as the largest size, which is what it is at least).
extension Int64 {
    @inlinable
    public func addingSize(_ other: Int64) -> Int64 {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }

    @inlinable
    public mutating func addSize(_ other: Int64) {
        self = addingSize(other)
    }
}

extension Int64 {
    /// Bytes in `blocks` 512-byte blocks (`st_blocks`), held at the bound: a
    /// file system can report any count.
    @inlinable
    public static func bytes(ofBlocks blocks: Int64) -> Int64 {
        let (product, overflow) = blocks.multipliedReportingOverflow(by: 512)
        return overflow ? (blocks > 0 ? .max : .min) : product
    }
}
