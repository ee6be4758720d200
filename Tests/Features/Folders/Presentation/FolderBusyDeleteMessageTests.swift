import FoldersDomain
import FoldersPresentation
import KernelDomain
import KernelPresentation
import ScreenKit
import TestSupport
import Testing

/// What a user is told when they delete a folder while it is being scanned
/// (README: refused, "is being scanned"), through the screen's `delete`
/// and `confirm-delete` actions as every front end calls them. A gated fake
/// scan holds the scan open, so the case is certain, not a race.
@MainActor
@Suite struct FolderBusyDeleteMessageTests {
    @Test func deletingARowOrTheFolderWhileItIsScannedSaysSoAndDeletesNothing() async throws {
        let (fs, remover, screen, started) = await screenWithItsScanHeldOpen()
        #expect(fs.isScanning("/r"))
        fs.send("/r", .listing(folder: FolderTestData.dir("/r", 4096, complete: false), children: [
            FolderTestData.dir("/r/a", 4096, complete: false),
        ]))
        await started.value

        for arguments: ActionArguments in [["item": .string("a"), "yes": .bool(true)], ["yes": .bool(true)], ["item": .string("a")]] {
            let error = await thrownScreenError { _ = try await screen.perform("delete", arguments) }
            #expect(error?.message.contains("/r is being scanned") == true, "\(arguments): \(String(describing: error))")
            #expect(error?.message.contains("nothing was deleted") == true)
        }
        #expect(remover.removed.isEmpty)

        // Asked while the scan was done, confirmed while a rescan reads it: refused too.
        fs.send("/r", .child(FolderTestData.dir("/r/a", 5000)))
        fs.send("/r", .finished(FolderTestData.dir("/r", 9096, dirs: 1)))
        fs.finish("/r")
        #expect(await eventually { !screen.folder.isScanning })
        for arguments: ActionArguments in [["item": .string("a")], [:]] {
            _ = try await screen.perform("delete", arguments)
            _ = try await screen.perform("rescan", [:])
            #expect(await eventually { fs.isScanning("/r") })
            let confirmed = await thrownScreenError { _ = try await screen.perform("confirm-delete", [:]) }
            #expect(confirmed?.message.contains("is being scanned") == true, "\(arguments): \(String(describing: confirmed))")
            #expect(remover.removed.isEmpty)
            fs.send("/r", .listing(folder: FolderTestData.dir("/r", 4096, complete: false), children: [
                FolderTestData.dir("/r/a", 5000),
            ]))
            fs.send("/r", .finished(FolderTestData.dir("/r", 9096, dirs: 1)))
            fs.finish("/r")
            #expect(await eventually { !screen.folder.isScanning })
        }
        screen.close()
    }
}
