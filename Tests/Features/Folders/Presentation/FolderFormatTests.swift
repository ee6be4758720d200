import FoldersPresentation
import Testing

@Suite struct FolderFormatTests {
    @Test func sizesUseBinaryUnitsLabelledAsSuchAndNeverRoundUp() {
        #expect(FolderFormat.size(0) == "0 bytes")
        #expect(FolderFormat.size(1) == "1 byte")
        #expect(FolderFormat.size(1023) == "1023 bytes")
        #expect(FolderFormat.size(1024) == "1.0 KiB")
        #expect(FolderFormat.size(1536) == "1.5 KiB")
        // The "297 KB · 296 KB": 304,127 bytes is 296.99 KiB. Cut down,
        // it never reads more than the seed's KB (bytes / 1024, rounded down).
        #expect(FolderFormat.size(304_127) == "296.9 KiB")
        #expect(FolderFormat.kilobytes(304_127) == "296")
        // And "107 MB" for 107 MiB: the unit says which.
        #expect(FolderFormat.size(112_197_632) == "107.0 MiB")
        #expect(FolderFormat.size(1 << 40) == "1.0 TiB")
        #expect(FolderFormat.size(Int64.max) == "7.9 EiB")
        #expect(FolderFormat.exactSize(1_957_000) == "1.8 MiB (1,957,000 bytes)")
    }
}
