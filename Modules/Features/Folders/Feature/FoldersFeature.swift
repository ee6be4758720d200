import FeatureKit
import FoldersDomain
import FoldersPresentation
import FoldersServices
import Foundation
import KernelDomain
import KernelPresentation
import KernelServices
import ScreenKit

/// Wires the folder screens (seed 002): the list, the detail and the rename
/// screen, all sharing the one `FolderLibrary` so they share folder models.
/// No tables: folders live on disk.
public final class FoldersFeature: Feature {
    let environment: [String: String]
    /// Written into an export's header.
    let version: String
    /// Builds the library's watcher; nil: no live updates. A process that
    /// runs one command prints one state and exits: its folders need no
    /// watcher, which reads every directory of the tree again to watch it.
    let makeWatcher: ((_ environment: [String: String]) -> any FolderWatcher)?

    /// Built when a folder screen first opens (a one-command playlist call
    /// never builds the scanner or the watcher); then shared by every screen.
    private(set) lazy var library = Self.makeLibrary(
        environment: environment, version: version, watcher: makeWatcher?(environment))

    public init(context: FeatureContext) {
        environment = context.environment
        version = context.version
        switch context.mode {
        case .longRunning: makeWatcher = { Self.inotifyWatcher(environment: $0) }
        case .oneCommand: makeWatcher = nil
        }
    }

    /// Libraries over imported ncdu exports, by file: every screen of one
    /// import shares its tree (loaded once).
    private var imports: [String: FolderLibrary] = [:]

    public func register(in registry: ScreenRegistry) {
        registry.register(ScreenRegistration(FoldersViewModel.descriptor) { [unowned self] params throws(ScreenError) in
            let (library, path, file) = try self.source(params)
            return FoldersViewModel(
                library: library, path: path,
                sort: params.string("sort").flatMap(FoldersViewModel.Sort.init(rawValue:)) ?? .size,
                showFiles: params.bool("files") ?? false, crossDevices: params.bool("cross-devices") ?? false,
                importFile: file, reversed: params.bool("reverse") ?? false, showHidden: params.bool("hidden") ?? true,
                diskUsage: params.bool("disk") ?? false, filter: params.string(ListGrammar.filter) ?? "",
                exclude: try FolderExcludeParam.patterns(params))
        })
        registry.register(ScreenRegistration(FolderDetailViewModel.descriptor) { [unowned self] params throws(ScreenError) in
            let (library, path, _) = try self.source(params)
            return FolderDetailViewModel(library: library, path: path)
        })
        registry.register(ScreenRegistration(RenameFolderViewModel.descriptor) { [unowned self] params throws(ScreenError) in
            let (library, path, _) = try self.source(params)
            return RenameFolderViewModel(library: library, path: path)
        })
    }

    /// The disk's library and the `path` parameter, or with `import` the
    /// library of that export and the path inside it (default: its top;
    /// a relative path is taken from its top).
    @MainActor
    private func source(_ params: ActionArguments) throws(ScreenError) -> (FolderLibrary, String, String?) {
        guard let given = params.string("import") else { return (library, try Self.path(params), nil) }
        let file = try Self.resolved(given)
        let imported: FolderLibrary
        if let known = imports[file] {
            imported = known
        } else {
            do {
                imported = FolderLibrary(importing: try NcduImporter().load(file))
            } catch {
                let problem = error as? FolderError ?? .importFailed(file: file, reason: "\(error)")
                throw ScreenError.invalidParams(problem.message, code: problem.code)
            }
            imports[file] = imported
        }
        let root = imported.imported?.rootPath ?? "/"
        let path = params.string("path").map { FolderPath.normalize($0, relativeTo: root) } ?? root
        return (imported, path, file)
    }

    /// The `path` parameter made absolute against the current directory
    /// (its default); a `..` is resolved as the kernel means it (through
    /// symlinks), the rest lexically.
    nonisolated static func path(_ params: ActionArguments) throws(ScreenError) -> String {
        try resolved(params.string("path") ?? ".")
    }

    /// `given` made absolute against the current directory and resolved as
    /// the kernel means it; refused (nothing opened) when it cannot be.
    nonisolated static func resolved(_ given: String) throws(ScreenError) -> String {
        let current = FileManager.default.currentDirectoryPath
        do {
            return try KernelPath.resolvingParents(given.hasPrefix("/") ? given : current + "/" + given)
        } catch {
            throw ScreenError.invalidParams(error.message, code: error.code)
        }
    }

    /// Scans use two threads (both cores of the machines Facet targets);
    /// `FACET_SCAN_THREADS` overrides it, for benchmarks and bigger machines.
    /// `FACET_WATCH_LIMIT` lowers the most folders one open screen watches
    /// (to see the warning of folders left unwatched without exhausting the
    /// kernel's watches, which every process of the user shares).
    /// `FACET_TEST_SCAN_PAUSE_AT`/`_FIFO` are for the attack suite only
    /// (`ScanPauseForTesting`): unset, the scanner has no pause at all.
    static func makeLibrary(
        environment: [String: String], version: String, watcher: (any FolderWatcher)?
    ) -> FolderLibrary {
        let threads = environment["FACET_SCAN_THREADS"].flatMap(Int.init).map { min(max($0, 1), 64) } ?? 2
        let scanner = DirectoryScanner(threads: threads, afterListing: ScanPauseForTesting.hook(environment))
        return FolderLibrary(
            scanner: scanner, renamer: NoReplaceRenamer(), watcher: watcher,
            exporter: NcduExporter(version: version, threads: threads), remover: SafeRemover(),
            homeFolder: environment["HOME"].flatMap { $0.isEmpty ? nil : $0 })
    }

    nonisolated static func inotifyWatcher(environment: [String: String]) -> any FolderWatcher {
        InotifyWatcher(watchLimit: environment["FACET_WATCH_LIMIT"].flatMap(Int.init).map { max($0, 1) } ?? 100_000)
    }
}
