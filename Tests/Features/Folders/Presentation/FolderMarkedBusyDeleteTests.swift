import FoldersDomain
import FoldersPresentation
import KernelDomain
import KernelPresentation
import ScreenKit
import TestSupport
import Testing

/// Marked rows (`delete a,b`) while the folder is being scanned: refused as
/// a single delete is, asked or with `--yes`, and a marked question
/// confirmed while a rescan reads the folder is refused too. A gated fake
/// scan holds the scan open, so the case is certain, not a race.
@MainActor
@Suite struct FolderMarkedBusyDeleteTests {
    func finishScan(_ fs: FakeFileSystem, _ screen: FoldersViewModel) async {
        fs.send("/r", .listing(folder: FolderTestData.dir("/r", 4096, complete: false), children: [
            FolderTestData.dir("/r/a", 5000), FolderTestData.dir("/r/b", 7000),
        ]))
        fs.send("/r", .finished(FolderTestData.dir("/r", 16096, dirs: 2)))
        fs.finish("/r")
        #expect(await eventually { !screen.folder.isScanning })
    }

    @Test func markedRowsAreNotDeletedWhileTheFolderIsScanned() async throws {
        let (fs, remover, screen, started) = await screenWithItsScanHeldOpen()
        #expect(fs.isScanning("/r"))
        fs.send("/r", .listing(folder: FolderTestData.dir("/r", 4096, complete: false), children: [
            FolderTestData.dir("/r/a", 4096, complete: false), FolderTestData.dir("/r/b", 4096, complete: false),
        ]))
        await started.value

        for arguments: ActionArguments in [["item": .string("a,b"), "yes": .bool(true)], ["item": .string("a,b")]] {
            let error = await thrownScreenError { _ = try await screen.perform("delete", arguments) }
            #expect(error?.message.contains("/r is being scanned") == true, "\(arguments): \(String(describing: error))")
        }
        #expect(remover.removed.isEmpty)
        fs.send("/r", .finished(FolderTestData.dir("/r", 8192, dirs: 2)))
        fs.finish("/r")
        #expect(await eventually { !screen.folder.isScanning })

        // Asked while idle: one question for both rows.
        _ = try await screen.perform("delete", ["item": .string("a,b")])
        let question = screen.status.message ?? ""
        #expect(question.hasPrefix("Delete 2 items (20 bytes, 4 files): a, b? This cannot be undone."), "\(question)")
        #expect(try await screen.confirmation(of: "confirm-delete", [:]) == "Delete 2 items (20 bytes, 4 files): a, b? This cannot be undone.")
        // Confirmed while a rescan reads the folder: refused.
        _ = try await screen.perform("rescan", [:])
        #expect(await eventually { fs.isScanning("/r") })
        let confirmed = await thrownScreenError { _ = try await screen.perform("confirm-delete", [:]) }
        #expect(confirmed?.message.contains("is being scanned") == true, "\(String(describing: confirmed))")
        #expect(remover.removed.isEmpty)
        await finishScan(fs, screen)
        // Once the scan is over the same question is carried out, both rows.
        _ = try await screen.perform("confirm-delete", [:])
        #expect(remover.removed == ["/r/a", "/r/b"])
        screen.close()
    }
}
