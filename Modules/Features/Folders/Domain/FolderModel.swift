import Foundation
import KernelDomain

/// One folder on disk as every open screen sees it: its total, its children,
/// and how far its scan has got. Shared: the library hands the *same* model to
/// every screen showing that path, and any number of them observe it, so a
/// rename or a size change reaches the list, the detail and the rename screen
/// at once (seed 002's point, without one-callback-per-event).
///
/// The model owns its scan (one scan feeds every observer) and, while anyone
/// observes it, watches the folder for changes made by other programs: it is
/// the coordinator of the folder's work (scan, watch, re-measure, throttled
/// notices), through the library's ports only, so it stays in Domain. What
/// is known of the folder (rows, total, change log) is a `FolderContents`,
/// plain state tested without a clock.
@MainActor
public final class FolderModel {
    public enum State: Equatable, Sendable {
        case notScanned
        case scanning(FolderScanProgress?)
        case done
        case cancelled
        case failed(FolderError)
    }

    /// Rows, total and change log: every change to them goes through here.
    private var contents: FolderContents

    public var path: String { contents.path }
    /// The folder's own row: its total once scanned (or as its parent's scan
    /// measured it), nil before anything is known.
    public var entry: FolderEntry? { contents.entry }
    /// Direct children from the last scan, in no particular order, kept by
    /// column (a folder listed with its million files stays small).
    public var children: FolderRows { contents.children }
    /// Grows whenever `children` changes (not on progress): screens re-sort
    /// their rows only then.
    public var childrenRevision: Int { contents.childrenRevision }

    /// Indices of the children that changed or were added after `revision`
    /// (possibly repeated), or nil when the rows changed wholesale since
    /// then and a screen must re-sort everything: a screen showing 200,000
    /// rows re-places the few that changed instead of re-sorting them all.
    public func changedChildren(since revision: Int) -> [Int]? { contents.changedChildren(since: revision) }

    /// How many children are directories, without looking at them all.
    public var directoryCount: Int { contents.directoryCount }
    /// What the rows hold together (apparent and disk bytes): the total less
    /// this is the folder's own entry and its files when they are not rows.
    public var listedBytes: Int64 { contents.listedBytes }
    public var listedDiskBytes: Int64 { contents.listedDiskBytes }
    /// Files directly here that are not rows (files are rows only when listed).
    public var unlistedFiles: Int { contents.unlistedFiles }
    public private(set) var state: State = .notScanned
    /// Grows on every change observers are told about.
    public private(set) var revision = 0
    var options: FolderScanOptions

    private let library: FolderLibrary
    /// When the last observer leaves, scanning and watching stop.
    private lazy var observers = Observers<FolderModel>(onEmpty: { [weak self] in self?.stopAll() })
    private var scanTask: Task<Void, Never>?
    private var listingWaiters: [CheckedContinuation<Void, Never>] = []
    private var watchTask: Task<Void, Never>?
    private var pendingMeasure: Set<String> = []
    private var measureTask: Task<Void, Never>?
    private var lastNotify: ContinuousClock.Instant?
    private var notifyScheduled = false
    private var needsRescan = false
    /// Which row each hard-linked file of the tree is counted in, so a
    /// re-measured row never counts a link another row carries.
    private var links = FolderLinkLedger()
    /// Changes seen while a scan runs: applied when it ends (the scan may
    /// have read a child before or after the change; re-measuring it after
    /// the scan is right either way, and no change is lost).
    private var deferredChanges: [FolderChange] = []

    init(path: String, options: FolderScanOptions, library: FolderLibrary) {
        self.contents = FolderContents(path: path)
        self.options = options
        self.library = library
    }

    public var name: String { contents.name }
    public var isScanning: Bool { if case .scanning = state { true } else { false } }
    var isWatching: Bool { watchTask != nil }
    /// Folders below this one that the watcher could not watch (its limit,
    /// the kernel's, permission): changes made in them are not seen live.
    public private(set) var unwatchedFolders = 0
    var observerCount: Int { observers.count }

    // MARK: Observing

    /// Calls `observer` after every change until the returned cancellation is
    /// called (a view model wraps it in ScreenKit's `ObservationToken`, so
    /// releasing the view model ends it). When the last observer leaves,
    /// scanning and watching stop.
    public func observe(_ observer: @escaping @MainActor (FolderModel) -> Void) -> Observers<FolderModel>.Cancellation {
        observers.add(observer)
    }

    // MARK: Scanning

    /// Starts a scan unless one runs or one finished, and returns once the
    /// folder's direct children are listed (or the scan failed): cheap, so a
    /// screen can show rows at once while sizes arrive.
    public func begin() async {
        if case .notScanned = state { startScan() }
        guard isScanning, !hasListing else { return }
        await withCheckedContinuation { listingWaiters.append($0) }
    }

    /// Scans unless one finished already, and returns when the scan is over.
    public func refresh() async {
        switch state {
        case .notScanned, .cancelled, .failed: startScan()
        case .scanning, .done: break
        }
        await scanTask?.value
    }

    /// Returns when the running scan (if any) is over, without starting one.
    public func finished() async {
        while let task = scanTask {
            await task.value
            if scanTask == task { break }
        }
    }

    /// Forgets what is known and scans again; returns when done.
    public func rescan() async {
        scanTask?.cancel()
        await scanTask?.value
        startScan()
        await scanTask?.value
    }

    /// Starts a new scan in the background (used by `rescan` without waiting).
    public func restart() {
        scanTask?.cancel()
        startScan()
    }

    /// Stops a running scan; rows keep what was measured so far.
    public func cancelScan() {
        scanTask?.cancel()
    }

    /// Writes the folder's whole tree to `file` in ncdu's JSON export
    /// format. The export is this folder's scan (a running one gives way to
    /// it): one walk measures the rows every screen shows and writes the
    /// file. A file that cannot be opened fails before anything changes; a
    /// scan that does not finish (cancelled, the folder gone) leaves no file.
    public func export(to file: String, replacing: Bool = false) async throws -> FolderExportSummary {
        guard let exporter = library.exporter else { throw FolderError.imported(path) }
        let export = try exporter.begin(file, replacing: replacing)
        startScan(export: (exporter, export))
        let task = scanTask
        await task?.value
        guard scanTask == nil, state == .done, let total = entry, total.complete else {
            export.abandon()
            if case .failed(let error) = state { throw error }
            throw FolderError.exportInterrupted(path)
        }
        try export.commit()
        return FolderExportSummary(file: file, entries: total.files + total.directories + 1, bytes: total.bytes)
    }

    private var hasListing = false
    /// Which scan is current: a cancelled older scan must not report.
    private var generation = 0

    private func startScan(export: (exporter: any FolderExporter, file: any FolderExport)? = nil) {
        let previous = scanTask
        previous?.cancel()
        generation += 1
        let current = generation
        hasListing = false
        contents.clearChildren()
        state = .scanning(nil)
        notify(force: true)
        // Watching starts before the scan reads anything, so a change made
        // while it runs is seen (and applied once it ends).
        deferredChanges = []
        pendingMeasure = []
        startWatching()
        links = FolderLinkLedger()
        let stream = export.map { $0.exporter.scan(path, options: options, links: links, into: $0.file) }
            ?? library.scanner.scanRecordingLinks(path, options: options, links: links)
        scanTask = Task { [weak self] in
            await previous?.value
            var failure: (any Error)?
            do {
                for try await event in stream {
                    guard let self, self.generation == current, !Task.isCancelled else { break }
                    self.apply(event)
                }
            } catch {
                failure = error
            }
            guard let self, self.generation == current else { return }
            self.scanEnded(failure: failure, cancelled: Task.isCancelled)
        }
    }

    private func apply(_ event: FolderScanEvent) {
        switch event {
        case .listing(let folder, let listed):
            contents.takeListing(folder, children: listed)
            hasListing = true
            library.reportDown(listing: listed)
            notify(force: true)
            resumeListingWaiters()
        case .progress(let progress):
            state = .scanning(progress)
            notify()
        case .child(let child):
            contents.upsert(child)
            library.reportDown(child)
            contents.recomputeTotal(complete: false)
            notify()
        case .children(let finished):
            for row in finished.indices { contents.upsert(row, of: finished) }
            library.reportDown(listing: finished)
            contents.recomputeTotal(complete: false)
            notify()
        case .finished(let total):
            contents.finish(total)
        }
    }

    private func scanEnded(failure: (any Error)?, cancelled: Bool) {
        scanTask = nil
        if let failure, !(failure is CancellationError) {
            let error = failure as? FolderError ?? .io(path: path, reason: "\(failure)")
            if case .notADirectory = error {
                // A file: its detail screen still wants its size.
                measureSelf(fallback: error)
                resumeListingWaiters()
                return
            }
            state = .failed(error)
        } else if cancelled || entry?.complete != true {
            state = .cancelled
        } else {
            state = .done
            if let entry { library.reportUp(entry) }
            startWatching()
        }
        notify(force: true)
        resumeListingWaiters()
        let missed = deferredChanges
        deferredChanges = []
        if state == .done {
            for change in missed { handle(change) }
        }
    }

    private func measureSelf(fallback: FolderError) {
        state = .scanning(nil)
        let target = path
        let options = options
        let scanner = library.scanner
        scanTask = Task { [weak self] in
            let measured = try? await scanner.measure(target, options: options)
            guard let self else { return }
            self.scanTask = nil
            if let measured {
                self.contents.entry = measured
                self.state = .done
            } else {
                self.state = .failed(fallback)
            }
            self.notify(force: true)
        }
    }

    private func resumeListingWaiters() {
        let waiters = listingWaiters
        listingWaiters = []
        for waiter in waiters { waiter.resume() }
    }

    // MARK: Changes from the library (renames, sizes measured elsewhere)

    func relocate(to newPath: String) {
        contents.relocate(to: newPath)
        notify(force: true)
    }

    /// A child was renamed (here or by another program).
    func renameChild(from oldPath: String, to newPath: String) {
        guard contents.renameChild(from: oldPath, to: newPath) else {
            if FolderPath.parent(newPath) == path { scheduleMeasure(FolderPath.name(newPath)) }
            return
        }
        links.rename(holder: FolderPath.name(oldPath), to: FolderPath.name(newPath))
        notify(force: true)
    }

    /// Someone measured this folder (its parent's scan, or a re-measure after
    /// a change): adopt the figure unless a scan of our own is running.
    func adopt(_ measured: FolderEntry) {
        guard !isScanning, measured.complete, entry != measured else { return }
        contents.entry = measured
        notify(force: true)
    }

    /// A child's figure from its own model's scan.
    func updateChild(_ measured: FolderEntry) {
        guard !isScanning || contents.index(of: measured.name) != nil else { return }
        if !isScanning, links.sharesLinks(measured.name) {
            // Its own scan counted links this folder credits to another row.
            scheduleMeasure(measured.name)
            return
        }
        contents.upsert(measured)
        contents.recomputeTotal(complete: state == .done)
        notify(force: true)
    }

    func childVanished(_ childPath: String) {
        guard contents.removeChild(named: FolderPath.name(childPath)) else { return }
        links.remove(holder: FolderPath.name(childPath))
        contents.recomputeTotal(complete: state == .done)
        notify(force: true)
        measureOrphanedLinks()
    }

    /// Hard-linked files whose credited row is gone count in a row that
    /// still links to them: re-measure those rows.
    private func measureOrphanedLinks() {
        guard !isScanning else { return }
        for holder in links.orphanedHolders() {
            if holder.isEmpty {
                needsRescan = true
                scheduleMeasure(nil)
            } else {
                scheduleMeasure(holder)
            }
        }
    }

    func markVanished() {
        scanTask?.cancel()
        state = .failed(.vanished(path))
        // The issue is made before `contents` is changed: it reads the path from it.
        let issue = FolderIssue(.vanished, path: path)
        if contents.entry != nil { contents.entry?.issue = issue }
        notify(force: true)
    }

    // MARK: Watching

    private func startWatching() {
        guard watchTask == nil, !observers.isEmpty, let watcher = library.watcher else { return }
        let stream = watcher.watch(path)
        watchTask = Task { [weak self] in
            for await change in stream {
                guard let self, !Task.isCancelled else { break }
                self.handle(change)
            }
        }
    }

    private func handle(_ change: FolderChange) {
        if case .unwatched(let count) = change {
            // Not a change of sizes: told at once, scanning or not.
            guard count != unwatchedFolders else { return }
            unwatchedFolders = count
            notify(force: true)
            return
        }
        if isScanning {
            if change == .overflow || change == .folderGone {
                deferredChanges = [change]
            } else if deferredChanges.first != .overflow {
                deferredChanges.append(change)
            }
            return
        }
        // An excluded name is not there as far as this folder is concerned:
        // its appearing changes nothing, and a row renamed to one leaves.
        let excluded = options.exclude
        switch change {
        case .added(let child) where excluded.matches(child), .changed(let child) where excluded.matches(child),
             .removed(let child) where excluded.matches(child):
            return
        case .renamed(let from, let to) where excluded.matches(from) && excluded.matches(to):
            return
        case .renamed(let from, let to) where excluded.matches(to):
            handle(.removed(from))
            return
        case .renamed(let from, let to) where excluded.matches(from):
            handle(.added(to))
            return
        default:
            break
        }
        switch change {
        case .renamed(let from, let to):
            library.moved(from: FolderPath.join(path, from), to: FolderPath.join(path, to))
        case .added(let child), .changed(let child):
            scheduleMeasure(child)
        case .removed(let child):
            if contents.index(of: child) != nil {
                library.vanished(FolderPath.join(path, child))
            } else if !options.listFiles {
                // An unlisted file: only a rescan knows what it weighed.
                needsRescan = true
                scheduleMeasure(nil)
            }
        case .folderGone:
            stopWatching()
            library.vanished(path)
        case .overflow:
            restart()
        case .unwatched:
            break
        }
    }

    private func scheduleMeasure(_ child: String?) {
        if let child { pendingMeasure.insert(child) }
        guard measureTask == nil else { return }
        measureTask = Task { [weak self] in
            try? await Task.sleep(for: .milliseconds(50))
            await self?.measurePending()
        }
    }

    private func measurePending() async {
        while !pendingMeasure.isEmpty {
            let names = pendingMeasure.sorted()
            pendingMeasure = []
            for child in names {
                let childPath = FolderPath.join(path, child)
                do {
                    let measurement = try await library.scanner.measureWithLinks(childPath, options: options)
                    // A scan started meanwhile measures it afresh.
                    if isScanning { break }
                    var measured = measurement.entry
                    if !measured.isDirectory && !options.listFiles {
                        needsRescan = true
                        continue
                    }
                    let replaced = links.replaceReporting(holder: child, with: measurement.links)
                    measured.bytes.addSize(-(replaced.excessBytes))
                    measured.diskBytes.addSize(-(replaced.excessDiskBytes))
                    contents.upsert(measured)
                    library.reportDown(measured)
                    for (owner, change) in replaced.ownerChanges { applyLinkChange(change, to: owner) }
                } catch {
                    if isScanning { break }
                    links.remove(holder: child)
                    contents.removeChild(named: child)
                }
            }
            if isScanning {
                pendingMeasure = []
                break
            }
            for holder in links.orphanedHolders() {
                if holder.isEmpty { needsRescan = true } else { pendingMeasure.insert(holder) }
            }
            contents.recomputeTotal(complete: state == .done)
            notify(force: true)
            if state == .done, let entry { library.reportUp(entry) }
        }
        measureTask = nil
        if needsRescan, !isScanning {
            needsRescan = false
            restart()
        }
    }

    /// A linked file changed size through a name in another row: the row
    /// credited with it (or the folder's own files, `""`) moves by as much.
    private func applyLinkChange(_ change: FolderLinkChange, to owner: String) {
        guard !owner.isEmpty else {
            contents.addOwn(change)
            return
        }
        guard let index = contents.index(of: owner) else { return }
        var row = contents.children[index]
        row.bytes.addSize(change.bytes)
        row.diskBytes.addSize(change.diskBytes)
        contents.upsert(row)
        library.reportDown(row)
    }

    private func stopWatching() {
        watchTask?.cancel()
        watchTask = nil
        unwatchedFolders = 0
    }

    private func stopAll() {
        scanTask?.cancel()
        measureTask?.cancel()
        measureTask = nil
        stopWatching()
    }

    // MARK: Notifying

    /// Tells every observer, at most once per `library.notifyInterval` for
    /// progress-like changes (`force` for transitions that must be seen).
    private func notify(force: Bool = false) {
        revision += 1
        let interval = library.notifyInterval
        let now = ContinuousClock.now
        if force || interval == .zero || lastNotify.map({ now - $0 >= interval }) ?? true {
            lastNotify = now
            observers.notify(self)
            return
        }
        guard !notifyScheduled else { return }
        notifyScheduled = true
        Task { [weak self] in
            try? await Task.sleep(for: interval)
            guard let self else { return }
            self.notifyScheduled = false
            self.lastNotify = ContinuousClock.now
            self.observers.notify(self)
        }
    }
}
