import GRDB
import KernelDomain
import KernelPersistence
import PhotosDomain

/// Builds the SQL for one window of cached photos. The id and album orders
/// are index walks (`id`, `album_id, id`); the title order is a sort of the
/// matching rows (see `PhotosSchema.dropTitleIndex`). The unfiltered total
/// comes from the header row.
struct PhotoPageQuery {
    let query: PhotoQuery

    func fetch(_ db: Database) throws -> PhotoPage {
        let limit = max(0, query.limit)
        let offset = max(0, query.offset)
        var conditions: [String] = []
        var arguments: StatementArguments = []
        if let album = query.album {
            conditions.append("album_id = ?")
            _ = arguments.append(contentsOf: [album])
        }
        if !query.text.isEmpty {
            // Case ignored as `CaseFolding` does (LIKE would fold ASCII only).
            conditions.append("facet_contains(title, ?)")
            _ = arguments.append(contentsOf: [CaseFolding.fold(query.text)])
        }
        let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        let total: Int
        if conditions.isEmpty {
            total = try Int.fetchOne(db, sql: "SELECT photo_count FROM photo_fetch") ?? 0
        } else {
            total = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM photo \(filter)", arguments: arguments) ?? 0
        }
        let rows = try Row.fetchCursor(db, sql: Self.select(filter, query.sort, descending: query.descending), arguments: arguments + [limit, offset])
        var photos: [Photo] = []
        photos.reserveCapacity(min(limit, 1000))
        while let row = try rows.next() { photos.append(Self.photo(row)) }
        return PhotoPage(photos: photos, total: total, offset: offset)
    }

    /// The window's rows in `sort` order. The title order sorts keys only
    /// (title and id), then reads the window's rows by id: sorting whole
    /// rows copied every column of every match into the sorter, twice the
    /// time for the last page of 5,000.
    /// Reversed, every key of the order turns, so an index walk stays one.
    private static func select(_ filter: String, _ sort: PhotoSort, descending: Bool) -> String {
        let columns = "id, album_id, title, url, thumbnail_url"
        let way = descending ? " DESC" : ""
        switch sort {
        case .id: return "SELECT \(columns) FROM photo \(filter) ORDER BY id\(way) LIMIT ? OFFSET ?"
        case .album: return "SELECT \(columns) FROM photo \(filter) ORDER BY album_id\(way), id\(way) LIMIT ? OFFSET ?"
        case .title:
            let order = "title COLLATE NOCASE\(way), id\(way)"
            return """
                SELECT \(columns) FROM photo
                WHERE id IN (SELECT id FROM photo \(filter) ORDER BY \(order) LIMIT ? OFFSET ?)
                ORDER BY \(order)
                """
        }
    }

    static func photo(_ row: Row) -> Photo {
        Photo(albumId: row[1], id: row[0], title: row[2], url: row[3], thumbnailUrl: row[4])
    }
}
