import CMalloc

/// How this process's memory is handed back to the system.
enum ProcessMemory {
    /// Buffers of 1 MiB and more get pages of their own, returned when freed.
    ///
    /// glibc starts with that rule but raises its threshold to the size of
    /// each mapped buffer it frees; after an array grew by doubling to a few
    /// MB, later arrays of that size came from its heaps and stayed resident
    /// once freed, so a folder listed with a million files stayed far above
    /// what it used. Setting it also turns the raising off.
    static func keepLargeBuffersMapped() {
        _ = mallopt(M_MMAP_THRESHOLD, 1 << 20)
    }
}
