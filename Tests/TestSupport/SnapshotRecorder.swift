import ScreenKit

/// Records every snapshot a screen publishes, in order, so a view-model test
/// can assert each state it passed through (loading, loaded, error…).
@MainActor
public final class SnapshotRecorder {
    public private(set) var snapshots: [ScreenSnapshot] = []
    public private(set) var versions: [Int] = []
    private var token: ObservationToken?

    public init(_ screen: any Screen) {
        token = screen.changes.observe { [weak self, weak screen] version in
            guard let self, let screen else { return }
            self.versions.append(version)
            self.snapshots.append(screen.snapshot)
        }
    }

    public var statuses: [ScreenStatus.Kind] { snapshots.map(\.status.kind) }
    public var last: ScreenSnapshot? { snapshots.last }

    public func reset() {
        snapshots = []
        versions = []
    }
}
