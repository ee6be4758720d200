import FoldersDomain
import KernelDomain
import Testing

/// The ledger that keeps live re-measures from counting a hard link twice.
@Suite struct FolderLinkLedgerTests {
    let big = FolderLinkSighting(device: 1, inode: 42, bytes: 1_048_576)

    @Test func aRemeasureOfTheRowNotCreditedGivesBackTheLinkedBytes() {
        let ledger = FolderLinkLedger()
        ledger.record(holder: "a", sightings: [big], credited: [true])
        ledger.record(holder: "b", sightings: [big], credited: [false])
        // b is measured again on its own: the walk counted the link, a has it.
        #expect(ledger.replace(holder: "b", with: [big]) == big.bytes)
        // a measured again keeps it.
        #expect(ledger.replace(holder: "a", with: [big]) == 0)
        #expect(ledger.count == 1)
    }

    @Test func theCreditedRowLosingTheLinkHandsItToAHolderThatStillHasIt() {
        let ledger = FolderLinkLedger()
        ledger.record(holder: "a", sightings: [big], credited: [true])
        ledger.record(holder: "b", sightings: [big], credited: [false])
        #expect(ledger.orphanedHolders().isEmpty)
        #expect(ledger.replace(holder: "a", with: []) == 0)  // a/big deleted
        #expect(ledger.orphanedHolders() == ["b"])
        #expect(ledger.replace(holder: "b", with: [big]) == 0)  // b now counts it
        #expect(ledger.orphanedHolders().isEmpty)
    }

    @Test func aRemovedRowReleasesItsLinksAndARenamedOneKeepsThem() {
        let ledger = FolderLinkLedger()
        ledger.record(holder: "a", sightings: [big], credited: [true])
        ledger.record(holder: "b", sightings: [big], credited: [false])
        #expect(ledger.sharesLinks("a"))
        ledger.rename(holder: "a", to: "c")
        #expect(ledger.replace(holder: "b", with: [big]) == big.bytes)  // c still has it
        ledger.remove(holder: "c")
        #expect(ledger.orphanedHolders() == ["b"])
        ledger.remove(holder: "b")
        #expect(ledger.count == 0)
        #expect(!ledger.sharesLinks("b"))
    }

    @Test func linksWithinOneRowAreItsOwn() {
        let ledger = FolderLinkLedger()
        ledger.record(holder: "a", sightings: [big, big], credited: [true, false])
        #expect(!ledger.sharesLinks("a"))
        #expect(ledger.replace(holder: "a", with: [big]) == 0)
    }
}
