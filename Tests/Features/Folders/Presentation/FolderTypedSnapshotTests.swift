import Foundation
import KernelDomain
import KernelPresentation
import FoldersDomain
import FoldersPresentation
import ScreenKit
import TestSupport
import Testing

/// Contract 2 (see `checkTypedSnapshot`) on every folders screen, in several states.
@MainActor
@Suite struct FolderTypedSnapshotTests {
    typealias T = FolderTestData

    func check(_ screen: any Screen, _ descriptor: ScreenDescriptor, _ state: String) {
        checkTypedSnapshot(screen, descriptor, state)
    }

    @Test func folderScreens() async throws {
        let fs = FakeFileSystem()
        let library = FolderLibrary(scanner: fs, renamer: fs, watcher: nil, notifyInterval: .zero)
        fs.add([T.dir("/r/a", 4196, files: 1), T.file("/r/f.txt", 10)])
        let list = FoldersViewModel(library: library, path: "/r", showFiles: true)
        let started = Task { await list.start() }
        _ = await eventually { fs.isScanning("/r") }
        fs.send("/r", .listing(folder: T.dir("/r", 4096, complete: false), children: [
            T.dir("/r/a", 4096, complete: false), T.file("/r/f.txt", 10),
        ]))
        await started.value
        check(list, FoldersViewModel.descriptor, "folders, scanning")
        var broken = T.dir("/r/a", 4196, files: 1)
        broken.issue = FolderIssue(.permissionDenied, path: "/r/a/private")
        broken.issueCount = 1
        fs.send("/r", .child(broken))
        fs.send("/r", .finished(T.dir("/r", 8302, files: 2, dirs: 1)))
        fs.finish("/r")
        _ = await eventually { list.folder.state == .done }
        check(list, FoldersViewModel.descriptor, "folders, done")
        #expect(list.snapshot.content.list?.items.first { $0.id == "a" }?.values["error"] == .string("1 folder inside could not be read"))

        let detail = FolderDetailViewModel(library: library, path: "/r/a")
        await detail.start()
        check(detail, FolderDetailViewModel.descriptor, "folder")
        let file = FolderDetailViewModel(library: library, path: "/r/f.txt")
        await file.start()
        check(file, FolderDetailViewModel.descriptor, "folder of a file")
        let rename = RenameFolderViewModel(library: library, path: "/r/a")
        await rename.start()
        check(rename, RenameFolderViewModel.descriptor, "rename")
        rename.setName("")
        check(rename, RenameFolderViewModel.descriptor, "rename, invalid")
        let root = RenameFolderViewModel(library: library, path: "/")
        await root.start()
        check(root, RenameFolderViewModel.descriptor, "rename of /")
        #expect(root.snapshot.action("rename")?.disabledReason == "The top folder (/) cannot be renamed")
    }
}
