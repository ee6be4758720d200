import FoldersDomain
import KernelDomain
import Testing

/// A linked file that grew through the name in a row not credited with it:
/// the ledger tells which row carries it and by how much it moved.
@Suite struct FolderLinkChangeTests {
    @Test func aFileGrownThroughAnotherNameMovesTheCreditedRow() {
        let ledger = FolderLinkLedger()
        let before = FolderLinkSighting(device: 1, inode: 9, bytes: 100, diskBytes: 4096)
        ledger.record(holder: "sub1", sightings: [before], credited: [false])
        ledger.record(holder: "sub2", sightings: [before], credited: [true])
        let grown = FolderLinkSighting(device: 1, inode: 9, bytes: 107, diskBytes: 8192)
        let replaced = ledger.replaceReporting(holder: "sub1", with: [grown])
        #expect(replaced.excessBytes == 107)
        #expect(replaced.excessDiskBytes == 8192)
        #expect(replaced.ownerChanges == ["sub2": FolderLinkChange(bytes: 7, diskBytes: 4096)])
        // Told once: the ledger now holds the new size.
        #expect(ledger.replaceReporting(holder: "sub1", with: [grown]).ownerChanges.isEmpty)
    }

    @Test func theCreditedRowItselfHasNothingToPassOn() {
        let ledger = FolderLinkLedger()
        let before = FolderLinkSighting(device: 1, inode: 9, bytes: 100)
        ledger.record(holder: "sub1", sightings: [before], credited: [true])
        ledger.record(holder: "sub2", sightings: [before], credited: [false])
        let replaced = ledger.replaceReporting(holder: "sub1", with: [FolderLinkSighting(device: 1, inode: 9, bytes: 120)])
        #expect(replaced.excessBytes == 0)
        #expect(replaced.ownerChanges.isEmpty)
    }
}
