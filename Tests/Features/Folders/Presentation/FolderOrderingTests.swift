import FoldersDomain
import FoldersPresentation
import Foundation
import KernelDomain
import KernelPresentation
import ScreenKit
import TestSupport
import Testing

/// Rows stay sorted as a scan reports child after child, without re-sorting
/// everything on each update (which made a folder of many subfolders slow).
@MainActor
@Suite struct FolderOrderingTests {
    let fs = FakeFileSystem()
    typealias T = FolderTestData

    /// A screen on `/big` listing `count` pending subfolders (and a few files).
    func listed(
        _ count: Int, sort: FoldersViewModel.Sort, files: Bool = false, notifyInterval: Duration = .zero,
        pageSize: Int = 1000
    ) async -> FoldersViewModel {
        let library = FolderLibrary(scanner: fs, renamer: fs, watcher: fs, notifyInterval: notifyInterval)
        let screen = FoldersViewModel(library: library, path: "/big", sort: sort, showFiles: files, pageSize: pageSize)
        let started = Task { await screen.start() }
        _ = await eventually { fs.isScanning("/big") }
        var children = (0..<count).map { T.dir("/big/d\(($0 * 7919) % count)", 4096, complete: false) }
        children += (0..<5).map { T.file("/big/f\($0)", Int64($0 * 10)) }
        fs.send("/big", .listing(folder: T.dir("/big", 4096, complete: false), children: FolderRows(children)))
        await started.value
        return screen
    }

    /// What a full sort gives (the rule the screen documents).
    func expected(_ screen: FoldersViewModel) -> [String] {
        let shown = screen.folder.children.filter { screen.showFiles || $0.isDirectory }
        return shown.sorted { a, b in
            let (wa, wb): (Int64, Int64) = switch screen.sort {
            case .size: (a.bytes, b.bytes)
            case .count: (Int64(a.items), Int64(b.items))
            case .name: (0, 0)
            }
            if wa != wb { return wa > wb }
            let (la, lb) = (a.name.lowercased(), b.name.lowercased())
            return la != lb ? la < lb : a.name < b.name
        }.map(\.name)
    }

    @Test(arguments: FoldersViewModel.Sort.allCases)
    func updatesKeepTheExactOrderOfAFullSort(sort: FoldersViewModel.Sort) async {
        let screen = await listed(300, sort: sort, files: sort == .name)
        #expect(screen.rows.map(\.name) == expected(screen))
        var generator = SystemRandomNumberGenerator()
        var revision = screen.folder.childrenRevision
        for round in 0..<40 {
            // A few children finish (some with equal sizes: ties go by name).
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                let index = Int.random(in: 0..<300, using: &generator)
                let bytes = Int64.random(in: 0...20, using: &generator) * 1000
                fs.send("/big", .child(T.dir("/big/d\(index)", bytes, files: Int(bytes % 7), dirs: 1)))
            }
            if round % 10 == 9 { fs.send("/big", .child(T.dir("/big/new\(round)", 5000, files: 2))) }
            // The rows this round sent arrive (the revision moves past the
            // last round's), and then the order must be a full sort's.
            #expect(await eventually { screen.folder.childrenRevision > revision }, "round \(round) never arrived")
            revision = screen.folder.childrenRevision
            #expect(await eventually { screen.rows.map(\.name) == expected(screen) }, "round \(round)")
        }
    }

    @Test func oneUpdateCostsFarLessThanAFullSort() async {
        let count = 60_000
        // Updates are not pushed to the screen here (an hour between
        // notifications): each snapshot below is what one update costs.
        // A page of 20 rows: building a page's rows costs the same after a
        // sort and after an update, and is not what is compared here.
        let screen = await listed(count, sort: .size, notifyInterval: .seconds(3600), pageSize: 20)
        let clock = ContinuousClock()
        // One full sort and one snapshot (with nobody observing, publishing
        // builds no snapshot, so it is read here).
        let first = clock.measure {
            screen.setSort(.name)
            _ = screen.snapshot
        }
        var costs: [Duration] = []
        for index in 0..<40 {
            let revision = screen.folder.childrenRevision
            fs.send("/big", .child(T.dir("/big/d\(index * 997 % count)", Int64(index) * 100, files: 1)))
            _ = await eventually { screen.folder.childrenRevision > revision }
            costs.append(clock.measure { _ = screen.snapshot })
        }
        #expect(screen.rows.map(\.name) == expected(screen))
        // Forty re-sorts would cost about forty full sorts; forty updates
        // must cost less than ten. (A full sort is cheap too since names
        // compare by an eight-byte prefix kept per row: an update, which
        // copies the order once, is a few times cheaper, not a hundred.)
        // The median update is compared, so a moment the process was not
        // scheduled (a loaded machine) does not count as the update's own cost.
        let typical = costs.sorted()[costs.count / 2]
        #expect(typical * 40 < first * 10, "median update \(typical), one full sort \(first)")
    }
}
