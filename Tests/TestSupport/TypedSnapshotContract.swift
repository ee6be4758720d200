import ScreenKit
import Testing

/// Contract 2 on one screen in one state: every list row has a value of its
/// column's type for every declared column, every detail row has a stable id
/// and data of its type, the list's columns are the descriptor's, and every
/// disabled action says why. Each feature's tests run it on its screens.
@MainActor
public func checkTypedSnapshot(_ screen: any Screen, _ descriptor: ScreenDescriptor, _ state: String) {
    let snapshot = screen.snapshot
    if let list = snapshot.content.list {
        #expect(list.columns == descriptor.columns, "\(state): list columns differ from the descriptor")
        #expect(list.columns.contains { $0.priority == 0 }, "\(state): no column is the row's name")
        #expect(Set(list.columns.map(\.id)).count == list.columns.count, "\(state): duplicate column ids")
        for item in list.items {
            #expect(Set(item.values.keys) == Set(list.columns.map(\.id)), "\(state): row \(item.id) values vs columns")
            #expect(Set(item.cells.keys).isSubset(of: Set(list.columns.map(\.id))), "\(state): row \(item.id) has stray cells")
            for column in list.columns {
                let value = item.values[column.id] ?? .null
                #expect(column.type.admits(value), "\(state): \(item.id).\(column.id) = \(value) is not \(column.type)")
            }
        }
        if let sort = list.sort {
            #expect(list.columns.contains { $0.sortKey == sort }, "\(state): sort '\(sort)' has no column")
        }
    } else {
        #expect(descriptor.columns.isEmpty || snapshot.status.kind == .error, "\(state): columns declared, no list")
    }
    for row in snapshot.content.detail?.rows ?? [] {
        #expect(!row.id.isEmpty && row.id.allSatisfy { $0.isLowercase || $0 == "-" }, "\(state): row '\(row.label)' has no stable id")
        #expect(row.type.admits(row.data), "\(state): detail \(row.id) = \(row.data) is not \(row.type)")
    }
    for action in snapshot.actions where !action.enabled {
        #expect(action.disabledReason?.isEmpty == false, "\(state): \(action.name) is disabled without a reason")
    }
}
